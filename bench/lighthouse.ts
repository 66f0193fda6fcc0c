/**
 * Lighthouse on pages of a running server, in its default mobile emulation (a mid-range phone on a slow 4G
 * link, simulated), with the system Chromium and the flags the Playwright suite uses. Scores are 0-100.
 *
 * Alone: node --import tsx bench/lighthouse.ts <base url> [path ...]   (signs in as the demo supervisor)
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { INP_TARGET_MS } from '../common/constants';
import { signIn } from './http';
import { vsLast } from './last-run';

export type LighthouseResult = {
  page: string;
  performance: number | null;
  accessibility: number | null;
  /** The metrics behind the performance score, ms (CLS unitless). */
  metrics: Record<string, number | null>;
  /** Accessibility audits that failed: what to fix to reach 100. */
  failedAccessibilityAudits: string[];
  /** /app only: a technician's taps after the load (bench/interactions.ts). */
  interactions?: InteractionFigures;
  /**
   * The browser that ran it and Lighthouse's measure of the host's CPU (its benchmark index): a score moves with
   * both (Chromium 156 on a fresh machine scored the unchanged landing page 72-79 where an earlier one gave 99), so
   * a figure is compared only with one taken by the same browser on a like host.
   */
  browser?: string;
  benchmarkIndex?: number;
  error?: string;
};

export type InteractionFigures = {
  /** The worst interaction's time from input to the next paint, ms (with under 50 interactions INP is the worst). */
  inpMs: number | null;
  /** The worst interaction's event and the element it reached, as Lighthouse labels it. */
  worst: string | null;
  /** Main-thread time past 50 ms per task during the taps, and layout shift. */
  tbtMs: number | null;
  cls: number | null;
  error?: string;
};

/** As in playwright.config.ts: this machine runs Chromium without a sandbox or GPU. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // /dev/shm is small in containers; without this the renderer can stall and paint nothing.
  '--disable-dev-shm-usage',
];

/** The system Chromium, with a DevTools port for Lighthouse (and Puppeteer) to drive it. */
export const launchChromium = () =>
  launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

const score = (s: number | null | undefined) => (typeof s === 'number' ? Math.round(s * 100) : null);

/** Runs each page once, in one browser; the session cookie goes with every request (for /app). */
export async function runLighthouse(
  baseUrl: string,
  pages: string[],
  headers: Record<string, string>,
): Promise<LighthouseResult[]> {
  const chrome = await launchChromium();
  const results: LighthouseResult[] = [];
  try {
    // The full version (the user agent Lighthouse records is reduced to 156.0.0.0).
    const browser = await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
      .then((r) => r.json() as Promise<{ Browser?: string }>)
      .then((v) => v.Browser?.replace(/^(Headless)?Chrome\//, ''))
      .catch(() => undefined);
    for (const page of pages) {
      try {
        const run = await lighthouse(`${baseUrl}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: headers,
        });
        const lhr = run?.lhr;
        if (!lhr) throw new Error('Lighthouse returned no result');
        if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
        const metrics: Record<string, number | null> = {};
        for (const id of METRICS) metrics[id] = lhr.audits[id]?.numericValue ?? null;
        const failedAccessibilityAudits = (lhr.categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
          .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title}`);
        results.push({
          page,
          performance: score(lhr.categories.performance?.score),
          accessibility: score(lhr.categories.accessibility?.score),
          metrics,
          failedAccessibilityAudits,
          browser,
          benchmarkIndex: lhr.environment.benchmarkIndex,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        results.push({
          page,
          performance: null,
          accessibility: null,
          metrics: {},
          failedAccessibilityAudits: [],
          error: message,
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}

export function printLighthouse(results: LighthouseResult[], targets: { performance: number; accessibility: number }) {
  console.log(
    `\nLighthouse, mobile emulation (targets: performance ${targets.performance}+, accessibility ${targets.accessibility}+)`,
  );
  const ran = results.find((r) => r.browser);
  if (ran) console.log(`Chromium ${ran.browser}, host CPU benchmark index ${ran.benchmarkIndex ?? '-'} (Lighthouse's)`);
  console.log(
    ['page'.padEnd(8), 'perf'.padStart(5), 'a11y'.padStart(5), '  FCP ms', '  LCP ms', '  TBT ms', '   CLS'].join(' '),
  );
  for (const r of results) {
    if (r.error) {
      console.log(`${r.page.padEnd(8)} failed: ${r.error}`);
      continue;
    }
    const ms = (id: string) => (r.metrics[id] == null ? '-' : Math.round(r.metrics[id] ?? 0).toString()).padStart(8);
    const cls = r.metrics['cumulative-layout-shift'];
    console.log(
      [
        r.page.padEnd(8),
        String(r.performance ?? '-').padStart(5),
        String(r.accessibility ?? '-').padStart(5),
        ms('first-contentful-paint'),
        ms('largest-contentful-paint'),
        ms('total-blocking-time'),
        (cls == null ? '-' : cls.toFixed(3)).padStart(6),
      ].join(' '),
    );
    for (const audit of r.failedAccessibilityAudits) console.log(`         accessibility: ${audit}`);
    if (r.interactions) console.log(`         ${describeInteractions(r.interactions)}`);
  }
}

export function describeInteractions(figures: InteractionFigures): string {
  if (figures.error) return `INP failed: ${figures.error}`;
  const ms = (n: number | null) => (n == null ? '-' : `${Math.round(n)} ms`);
  const inp = figures.inpMs == null ? '' : vsLast('lighthouse | /app INP ms', figures.inpMs);
  return (
    `INP, a technician's taps (timespan, 4× CPU, slow 4G; target under ${INP_TARGET_MS} ms): ` +
    `${ms(figures.inpMs)}${inp}${figures.worst ? `, worst: ${figures.worst}` : ''}; TBT ${ms(figures.tbtMs)}, ` +
    `CLS ${figures.cls == null ? '-' : figures.cls.toFixed(3)}`
  );
}

// Run alone against a server that is already up.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl, ...pages] = process.argv.slice(2);
  if (!baseUrl) {
    console.error('usage: bench/lighthouse.ts <base url> [path ...]');
    process.exit(2);
  }
  const headers = await signIn(baseUrl);
  const { LIGHTHOUSE_TARGETS } = await import('../common/constants');
  printLighthouse(await runLighthouse(baseUrl, pages.length ? pages : ['/', '/app'], headers), LIGHTHOUSE_TARGETS);
}
