/**
 * Interaction to Next Paint (issue 31: "INP measured") on /app: a Lighthouse timespan over a technician's taps once
 * the dashboard has loaded (Sync Data, a tag typed into the search, the valve opened, the work list), on the
 * emulated mid-range phone. Lighthouse measures INP only in a timespan and only with DevTools throttling (its
 * simulation has no model of it), so this step throttles the CPU 4× and the link to slow 4G for real.
 *
 * Alone: node --import tsx bench/interactions.ts <base url>   (signs in as the demo supervisor)
 */
import { startFlow } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { TEXTS } from '../common/texts';
import { signIn } from './http';
import { describeInteractions, type InteractionFigures, launchChromium } from './lighthouse';

/** Lighthouse's default phone (moto g power), so the page loads at the size the timespan then emulates. */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

type WorkDuringInteraction = { interactionType?: string; items?: { node?: { nodeLabel?: string } }[] };

const aria = (role: string, name: string) => `::-p-aria([name="${name}"][role="${role}"])`;

async function technicianTaps(page: Page): Promise<void> {
  await page.locator(aria('button', 'Sync Data')).click();
  await page.waitForSelector('::-p-text(Data refreshed)');
  await page.locator(`input[placeholder="${TEXTS.dashboard.searchPlaceholder}"]`).click();
  await page.keyboard.type('V-001', { delay: 120 });
  await page.keyboard.press('Enter');
  await page.waitForSelector('ul[aria-label="Valves"] li a');
  await page.locator('ul[aria-label="Valves"] li a').click();
  await page.waitForSelector('::-p-text(V-001)');
  await page.locator(`nav[aria-label="Main"] a${aria('link', 'Work')}`).click();
  await page.waitForSelector(aria('heading', TEXTS.workOrders.title));
}

/** Loads /app as the signed-in user (`headers`: the session cookie), then measures the taps in a timespan. */
export async function interactionsOnApp(baseUrl: string, headers: Record<string, string>): Promise<InteractionFigures> {
  const chrome = await launchChromium();
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    return await measureTaps(await browser.newPage(), baseUrl, headers);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { inpMs: null, worst: null, tbtMs: null, cls: null, error: message };
  } finally {
    chrome.kill();
  }
}

async function measureTaps(page: Page, baseUrl: string, headers: Record<string, string>): Promise<InteractionFigures> {
  await page.setViewport(PHONE);
  await page.setExtraHTTPHeaders(headers);
  await page.goto(`${baseUrl}/app`, { waitUntil: 'networkidle0' });
  await page.waitForSelector(aria('button', 'Sync Data'));
  const flow = await startFlow(page, { flags: { throttlingMethod: 'devtools', extraHeaders: headers } });
  await flow.startTimespan({ name: 'A technician on /app' });
  await technicianTaps(page);
  await flow.endTimespan();
  const { steps } = await flow.createFlowResult();
  const audits = steps[0].lhr.audits;
  // The worst interaction's element (a table of one node) and its event type, as work-during-interaction lists them.
  const parts = (audits['work-during-interaction']?.details as { items?: WorkDuringInteraction[] })?.items ?? [];
  const element = parts.find((part) => part.items?.[0]?.node)?.items?.[0]?.node?.nodeLabel;
  const event = parts.find((part) => part.interactionType)?.interactionType;
  return {
    inpMs: audits['interaction-to-next-paint']?.numericValue ?? null,
    worst: [event, element && `on "${element}"`].filter(Boolean).join(' ') || null,
    tbtMs: audits['total-blocking-time']?.numericValue ?? null,
    cls: audits['cumulative-layout-shift']?.numericValue ?? null,
  };
}

// Run alone against a server that is already up.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl] = process.argv.slice(2);
  if (!baseUrl) {
    console.error('usage: bench/interactions.ts <base url>');
    process.exit(2);
  }
  console.log(describeInteractions(await interactionsOnApp(baseUrl, await signIn(baseUrl))));
}
