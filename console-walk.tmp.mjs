import { chromium } from 'playwright';
const base = 'http://localhost:5099';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const page = await browser.newPage();
const log = [];
let where = '';
page.on('console', (m) => { if (m.type() !== 'debug' && m.type() !== 'info') log.push(`[${where}] ${m.type()}: ${m.text().slice(0, 200)}`); });
page.on('pageerror', (e) => log.push(`[${where}] pageerror: ${e.message}`));
page.on('response', (r) => { if (r.status() >= 400) log.push(`[${where}] ${r.status()} ${r.url()}`); });
for (const path of ['/', '/pricing', '/login', '/subscribe']) { where = path; await page.goto(base + path); await page.waitForTimeout(1500); }
where = 'sign-in';
await page.goto(base + '/login');
await page.getByLabel(/email/i).fill(process.argv[2] ?? 'admin@valveops.demo');
await page.getByRole('textbox', { name: 'Password' }).fill('valveops-demo');
await page.getByRole('button', { name: 'Sign in', exact: true }).click();
await page.waitForTimeout(2500);
for (const path of ['/app', '/valves', '/work-orders', '/plans', '/procedures', '/relief-valves', '/manuals', '/analytics', '/users', '/subscribe', '/settings', '/notifications']) { where = path; await page.goto(base + path); await page.waitForTimeout(1500); }
console.log(log.join('\n'));
await browser.close();
