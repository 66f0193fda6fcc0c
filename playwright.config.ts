import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { mailFolder } from './e2e/support/mail';
import { stateFile } from './e2e/support/personas';

const PORT = Number(process.env.E2E_PORT ?? 5174);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// A fresh database each run: the demo data loads on first start, so every run sees the same plant.
// Workers load this file too; only the runner (no TEST_WORKER_INDEX) may wipe it, before it starts the server.
const dataDir = path.join(os.tmpdir(), `valveops-e2e-data-${PORT}`);
if (process.env.TEST_WORKER_INDEX === undefined) {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailFolder(PORT), { recursive: true, force: true });
}
/** The app's mail goes to an SMTP catcher beside it (e2e/support/mail-catcher.ts), 10,000 ports up. */
const SMTP_PORT = PORT + 10_000;

/** Assumes the client is built (`npx vite build`, as `npm run test:e2e` does): the server serves dist/client. */
export default defineConfig({
  testDir: 'e2e',
  // Screenshots are for people to look at, not a check: only `npm run screenshots` (SHOTS=1) takes them.
  testIgnore: process.env.SHOTS ? [] : ['**/screenshots.spec.ts'],
  fullyParallel: false,
  // Two cores: one worker for the browser, the rest for the server it talks to.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Playwright empties its outputDir at start: keep it apart from test-results/vitest.json (scripts/test.sh).
  outputDir: `test-results/e2e-${PORT}`,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // page.route cannot see requests a service worker handles: specs that test offline start allow it themselves.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'sign-in', testMatch: /auth\.setup\.ts/ },
    {
      name: 'chromium',
      dependencies: ['sign-in'],
      use: {
        ...devices['Desktop Chrome'],
        // Specs run signed in as the supervisor (every plant, no admin rights) unless they say otherwise.
        storageState: stateFile('supervisor'),
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: `npx tsx e2e/support/mail-catcher.ts ${SMTP_PORT} ${mailFolder(PORT)}`,
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'npx tsx server/src/main.ts',
      url: `${BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO: 'true',
        LOG_LEVEL: 'warn',
        // Replies the database built are checked against their schema (plugins/json-replies.ts).
        NODE_ENV: 'test',
        // A suite may test a build of its own while another suite rebuilds dist/client.
        CLIENT_DIST: process.env.CLIENT_DIST ?? 'dist/client',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        PUBLIC_URL: BASE_URL,
      },
    },
  ],
});
