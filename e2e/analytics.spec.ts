import { expect, type Locator, type Page, test } from '@playwright/test';
import { IMPORT_TEXTS } from '../client/src/features/analytics/import/texts';
import { ANALYTICS_SCREEN_TEXTS } from '../client/src/features/analytics/texts';
import type {
  DashboardSensorReading,
  DashboardSummary,
  PerformanceMetrics,
  PredictiveAnalytics,
  SensorReadingInput,
  ValveAnalytics,
} from '../common/schemas/analytics';
import type { ValveLookup } from '../common/schemas/valves';
import { TEXTS } from '../common/texts';
import { getJson } from './support/api';
import { stateFile } from './support/personas';

const A = TEXTS.analytics;
const V = A.valve;

const toastWith = (page: Page, text: string) => page.getByRole('region', { name: /^Notifications/ }).getByText(text);
const percent = (share: number, decimals = 0) => `${(share * 100).toFixed(decimals)}%`;
const dollars = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);
const valveLabel = (id: number) => `V-${String(id).padStart(3, '0')}`;

/** Hovers the plot at its left edge, where the chart's first point sits, so the tooltip shows that point. */
async function hoverFirstPoint(chart: Locator) {
  await chart.scrollIntoViewIfNeeded();
  const grid = await chart.locator('.recharts-cartesian-grid').boundingBox();
  if (!grid) throw new Error('the chart has no plot area');
  await chart.page().mouse.move(grid.x + 2, grid.y + grid.height / 2);
}

// A fresh server analyses the demo plant in the background soon after it starts; wait for that first pass.
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await expect
    .poll(async () => (await getJson<PredictiveAnalytics[]>(request, '/api/analytics/predictive')).length, {
      message: 'the background job analyses the demo valves',
      timeout: 90_000,
      intervals: [1000],
    })
    .toBeGreaterThan(0);
});

test.describe('analytics dashboard', () => {
  test('shows the summary, the risk cards and four tabs charted from the API', async ({ page, request }) => {
    const summary = await getJson<DashboardSummary>(request, '/api/analytics/dashboard');
    const readings = await getJson<DashboardSensorReading[]>(request, '/api/analytics/sensor-readings');
    const predictive = await getJson<PredictiveAnalytics[]>(request, '/api/analytics/predictive');
    const performance = await getJson<PerformanceMetrics[]>(request, '/api/analytics/performance-metrics');
    expect(readings.length, 'the demo plant has readings').toBeGreaterThan(0);
    expect(predictive.length, 'the demo valves have been analysed').toBeGreaterThan(0);

    await page.goto('/analytics');
    await expect(page.getByRole('heading', { level: 1, name: A.title })).toBeVisible();
    await expect(page.getByRole('button', { name: A.runAnalysis })).toBeEnabled();

    const cards = page.getByRole('list', { name: 'Plant summary' }).getByRole('listitem');
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(0)).toContainText(String(summary.totalValves));
    await expect(cards.nth(0)).toContainText(A.summary.totalValves);
    await expect(cards.nth(1)).toContainText(`${Math.round(summary.averageHealthScore)}%`);
    await expect(cards.nth(1).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      String(Math.round(summary.averageHealthScore)),
    );
    await expect(cards.nth(2)).toContainText(`${summary.predictedFailures}${A.summary.predictedFailures}`);
    await expect(cards.nth(2)).toContainText(A.summary.predictedFailuresNote);
    await expect(cards.nth(3)).toContainText(dollars(summary.costSavings));
    await expect(cards.nth(3)).toContainText(A.summary.costSavingsNote);

    const risk = page.getByRole('list', { name: 'Valves by risk' }).getByRole('listitem');
    await expect(risk.nth(0)).toHaveText(`${summary.healthyValves}${A.risk.healthy.title}${A.risk.healthy.note}`);
    await expect(risk.nth(1)).toHaveText(`${summary.atRiskValves}${A.risk.atRisk.title}${A.risk.atRisk.note}`);
    await expect(risk.nth(2)).toHaveText(`${summary.criticalValves}${A.risk.critical.title}${A.risk.critical.note}`);

    // Trends: one line per sensor through the first 20 moments; the first point's values are the API's.
    const trends = page.getByRole('figure', { name: ANALYTICS_SCREEN_TEXTS.trendsCaption(readings[0].valveId) });
    await expect(trends.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(trends.locator('.recharts-line path.recharts-line-curve')).toHaveCount(3);
    for (const name of Object.values(A.sensors))
      await expect(trends.locator('.recharts-legend-wrapper')).toContainText(name);
    await hoverFirstPoint(trends);
    const tooltip = trends.locator('.recharts-tooltip-wrapper');
    for (const sensor of ['temperature', 'pressure', 'vibration'] as const) {
      const first = readings.find((r) => r.timestamp === readings[0].timestamp && r.sensorType === sensor);
      if (first) await expect(tooltip).toContainText(`${A.sensors[sensor]} : ${first.value.toFixed(2)}`);
    }

    await page.getByRole('tab', { name: A.tabs.healthScores }).click();
    const scores = page.getByRole('figure', { name: A.tabs.healthScores });
    await expect(scores.locator('.recharts-bar-rectangle')).toHaveCount(predictive.length);
    const labels = scores.locator('svg text').filter({ hasText: /^V-\d{3,}$/ });
    await expect(labels).toHaveCount(predictive.length);
    await expect(labels.first()).toHaveText(valveLabel(predictive[0].valveId));

    await page.getByRole('tab', { name: A.tabs.performance }).click();
    const perf = page.getByRole('list', { name: A.tabs.performance }).getByRole('listitem');
    await expect(perf).toHaveCount(Math.min(6, performance.length));
    await expect(perf.first()).toContainText(performance[0].valveTag);
    await expect(perf.first()).toContainText(percent(performance[0].availability, 1));
    await expect(perf.first()).toContainText(percent(performance[0].reliability, 1));
    if (performance.length > 6) {
      // The six shown are the most at risk (the server's order); the rest are one link away.
      await page
        .getByRole('link', { name: `Show the other ${performance.length - 6} valves, most at risk first` })
        .click();
      await expect(perf).toHaveCount(performance.length);
      await page.getByRole('tab', { name: A.tabs.performance }).click();
    }

    await page.getByRole('tab', { name: A.tabs.maintenance }).click();
    const upcoming = page.getByRole('list', { name: A.tabs.maintenance }).getByRole('listitem');
    await expect(upcoming).toHaveCount(summary.upcomingMaintenance.length);
    const [item] = summary.upcomingMaintenance;
    await expect(upcoming.first()).toContainText(item.valve.valveId);
    await expect(upcoming.first()).toContainText(`${item.valve.location} • ${item.valve.plant}`);
    await expect(upcoming.first()).toContainText(item.riskLevel.toUpperCase());
    await upcoming.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/analytics/${item.valve.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: V.title(item.valve.valveId) })).toBeVisible();
  });

  test('shows one centred spinner until all four reads have answered', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/analytics/performance-metrics', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/analytics');
    const spinner = page.getByRole('status', { name: ANALYTICS_SCREEN_TEXTS.loadingDashboard });
    await expect(spinner).toBeVisible();
    await expect(page.getByRole('list', { name: 'Plant summary' })).toHaveCount(0);
    release();
    await expect(spinner).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Plant summary' })).toBeVisible();
  });

  test('shows the spec alert when the summary cannot be read', async ({ page }) => {
    await page.route('**/api/analytics/dashboard', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/analytics');
    await expect(page.getByRole('alert').filter({ hasText: A.dashboardError })).toBeVisible({ timeout: 20_000 });
  });

  test('Run Analysis analyses the charted valve and says so', async ({ page, request }) => {
    await page.goto('/analytics');
    const run = page.getByRole('button', { name: A.runAnalysis });
    await expect(run).toBeEnabled();
    const answered = page.waitForResponse((r) => /\/api\/analytics\/predictive\/\d+$/.test(r.url()));
    await run.click();
    expect((await answered).ok()).toBe(true);
    await expect(toastWith(page, A.toasts.complete.title)).toBeVisible();
    await expect(toastWith(page, A.toasts.complete.description)).toBeVisible();
    // The four reads were asked again: the cards show the summary as the server has it now.
    const summary = await getJson<DashboardSummary>(request, '/api/analytics/dashboard');
    const cards = page.getByRole('list', { name: 'Plant summary' }).getByRole('listitem');
    await expect(cards.nth(1)).toContainText(`${Math.round(summary.averageHealthScore)}%`);
    await expect(cards.nth(2)).toContainText(`${summary.predictedFailures}${A.summary.predictedFailures}`);
  });
});

test.describe('valve analytics', () => {
  test('advice to raise a high-priority work order comes with a button that opens it prefilled, at 360 px', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const predictive = await getJson<PredictiveAnalytics[]>(request, '/api/analytics/predictive');
    const urgent = predictive.find((p) => p.recommendedAction?.includes('Raise a high-priority work order now'));
    expect(urgent, 'the demo has a valve whose advice asks for a work order now').toBeTruthy();
    if (!urgent) return;
    await page.goto(`/analytics/${urgent.valveId}`);
    await page.getByRole('link', { name: 'Raise High-Priority Work Order' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(urgent.valveTag, { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('Priority')).toHaveValue('high');
    await expect(dialog.getByLabel('Title')).toHaveValue(
      new RegExp(`^Repair ${urgent.valveTag}: ${urgent.riskLevel} risk`),
    );
    await expect(dialog.getByLabel('Description')).toHaveValue(
      `Predictive analytics advice: ${urgent.recommendedAction}`,
    );
    await page.screenshot({ path: 'test-results/analytics-raise-360.png' });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const tab of ['performance', 'maintenance']) {
        await page.goto(`/analytics?tab=${tab}`);
        await expect(
          page.getByRole('list', { name: tab === 'performance' ? A.tabs.performance : A.tabs.maintenance }),
        ).toBeVisible();
        await page.screenshot({ path: `test-results/analytics-${tab}-${width}.png`, fullPage: true });
      }
    }
  });

  test('shows cards, charts and tabs from the API, at both addresses', async ({ page, request }) => {
    const [charted] = await getJson<DashboardSensorReading[]>(request, '/api/analytics/sensor-readings');
    const { id } = await getJson<ValveLookup>(request, `/api/valves/valve-id/${charted.valveId}`);
    const analytics = await getJson<ValveAnalytics>(request, `/api/analytics/valves/${id}`);
    const predictive = analytics.predictiveAnalytics;
    expect(predictive, 'the charted valve has been analysed').not.toBeNull();
    if (!predictive) return;

    await page.goto(`/valves/${id}`);
    await page.getByRole('link', { name: 'View Analytics' }).click();
    await expect(page).toHaveURL(new RegExp(`/valves/${id}/analytics$`));
    await expect(page.getByRole('heading', { level: 1, name: V.title(analytics.valveId) })).toBeVisible();
    await expect(page.locator('main header')).toContainText(`${analytics.location} • ${analytics.plant}`);

    const cards = page.getByRole('list', { name: 'Valve scores' }).getByRole('listitem');
    await expect(cards.nth(0)).toContainText(`${Math.round(predictive.healthScore)}%`);
    await expect(cards.nth(1)).toContainText(predictive.riskLevel.toUpperCase());
    await expect(cards.nth(2)).toContainText(percent(predictive.failureProbability, 1));
    await expect(cards.nth(2)).toContainText(V.cards.failureProbabilityNote);
    await expect(cards.nth(3)).toContainText(percent(predictive.confidenceLevel));
    if (predictive.recommendedAction) {
      const action = page.getByRole('alert').filter({ hasText: V.recommendedAction });
      await expect(action).toContainText(predictive.recommendedAction);
    }

    // Sensor Data: an area chart per sensor of its last 20 readings, and the quality counts.
    for (const sensor of ['temperature', 'pressure', 'vibration'] as const) {
      const chart = page.getByRole('figure', { name: A.sensors[sensor] });
      await expect(chart.locator('.recharts-area path.recharts-area-area')).toHaveCount(1);
      const last = analytics.sensorReadings.filter((r) => r.sensorType === sensor).slice(-20);
      await expect(chart.locator('.recharts-area-curve')).toHaveAttribute('d', /M.+C/);
      await hoverFirstPoint(chart);
      await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText(last[0].value.toFixed(2));
    }
    const quality = page.getByRole('definition');
    const count = (q: string) => String(analytics.sensorReadings.filter((r) => r.quality === q).length);
    await expect(quality.nth(0)).toHaveText(count('good'));
    await expect(quality.nth(1)).toHaveText(count('warning'));
    await expect(quality.nth(2)).toHaveText(count('critical'));

    await page.getByRole('tab', { name: V.tabs.trends }).click();
    const trends = page.getByRole('list', { name: V.tabs.trends }).getByRole('listitem');
    const metrics = (['temperature', 'pressure', 'vibration'] as const).flatMap((sensor) => {
      const trend = predictive.trends[sensor];
      return trend ? [trend] : [];
    });
    await expect(trends).toHaveCount(metrics.length);
    for (const [index, trend] of metrics.entries()) {
      const item = trends.nth(index);
      await expect(item).toContainText(new RegExp(trend.trend, 'i'));
      await expect(item).toContainText(`${Math.abs(trend.changePercent).toFixed(1)}%`);
      const colour =
        trend.changePercent > 0 ? /text-red-700/ : trend.changePercent < 0 ? /text-green-700/ : /text-slate/;
      await expect(item.locator('p').last()).toHaveClass(colour);
    }

    await page.getByRole('tab', { name: V.tabs.performance }).click();
    const perf = analytics.performanceMetrics;
    if (perf) {
      await expect(page.getByRole('tabpanel')).toContainText(percent(perf.availability, 2));
      await expect(page.getByRole('tabpanel')).toContainText(percent(perf.reliability, 2));
      await expect(page.getByRole('tabpanel')).toContainText(V.performance.cycleCount);
    } else {
      await expect(page.getByRole('tabpanel')).toHaveText(V.noPerformance);
    }

    await page.getByRole('tab', { name: V.tabs.anomalies }).click();
    if (predictive.anomalies.length === 0) {
      await expect(page.getByRole('tabpanel')).toHaveText(V.noAnomalies);
    } else {
      const anomalies = page.getByRole('list', { name: V.tabs.anomalies }).getByRole('listitem');
      await expect(anomalies).toHaveCount(predictive.anomalies.length);
      await expect(anomalies.first()).toContainText(predictive.anomalies[0].description);
      await expect(anomalies.first()).toContainText(predictive.anomalies[0].severity.toUpperCase());
    }

    await page.goto(`/analytics/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: V.title(analytics.valveId) })).toBeVisible();
    await page.getByRole('link', { name: V.back }).click();
    await expect(page).toHaveURL(/\/analytics$/);
  });

  test('Run Analysis takes in new readings and updates the cards', async ({ page, request }) => {
    const predictive = await getJson<PredictiveAnalytics[]>(request, '/api/analytics/predictive');
    const healthy = predictive.find((p) => p.riskLevel === 'low' && p.anomalies.length === 0) ?? predictive[0];
    await page.goto(`/analytics/${healthy.valveId}`);
    const health = page.getByRole('list', { name: 'Valve scores' }).getByRole('listitem').first();
    await expect(health).toContainText(`${Math.round(healthy.healthScore)}%`);

    // Six hours of vibration deep in ISO zone D, every 10 minutes, arrive while the page is open.
    const now = Date.now();
    const readings: SensorReadingInput[] = Array.from({ length: 36 }, (_, i) => ({
      valveId: healthy.valveTag,
      timestamp: new Date(now - (36 - i) * 10 * 60_000 + 7_000).toISOString(),
      sensorType: 'vibration',
      value: 9 + i / 6,
    }));
    const posted = await request.post('/api/sensor-readings', { data: { readings } });
    expect(posted.ok(), await posted.text()).toBe(true);

    const run = page.getByRole('button', { name: A.runAnalysis });
    await run.click();
    await expect(toastWith(page, A.toasts.complete.title)).toBeVisible();
    await expect(toastWith(page, A.toasts.complete.description)).toBeVisible();
    await expect(run).toBeEnabled();
    const after = await getJson<ValveAnalytics>(request, `/api/analytics/valves/${healthy.valveId}`);
    const fresh = after.predictiveAnalytics;
    expect(fresh).not.toBeNull();
    if (!fresh) return;
    expect(Math.round(fresh.healthScore), 'the drift lowers the health score').toBeLessThan(
      Math.round(healthy.healthScore),
    );
    await expect(health).toContainText(`${Math.round(fresh.healthScore)}%`);
    const cards = page.getByRole('list', { name: 'Valve scores' }).getByRole('listitem');
    await expect(cards.nth(1)).toContainText(fresh.riskLevel.toUpperCase());
    await expect(cards.nth(2)).toContainText(percent(fresh.failureProbability, 1));
    await page.getByRole('tab', { name: V.tabs.anomalies }).click();
    await expect(page.getByRole('list', { name: V.tabs.anomalies })).toContainText(/vibration/i);
  });

  test('a failed run shows the spec failure toast and leaves the cards as they were', async ({ page, request }) => {
    const [first] = await getJson<PredictiveAnalytics[]>(request, '/api/analytics/predictive');
    await page.route('**/api/analytics/predictive/*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"engine down"}' }),
    );
    await page.goto(`/analytics/${first.valveId}`);
    const run = page.getByRole('button', { name: A.runAnalysis });
    await run.click();
    await expect(run).toBeDisabled();
    await expect(toastWith(page, A.toasts.failed.title)).toBeVisible({ timeout: 20_000 });
    await expect(toastWith(page, A.toasts.failed.description)).toBeVisible();
    await expect(run).toBeEnabled();
    const health = page.getByRole('list', { name: 'Valve scores' }).getByRole('listitem').first();
    await expect(health).toContainText(`${Math.round(first.healthScore)}%`);
  });

  test('says so when the valve does not exist', async ({ page }) => {
    await page.goto('/analytics/2147483000');
    await expect(page.getByRole('alert').filter({ hasText: V.error })).toBeVisible();
    await page.goto('/analytics/not-a-valve');
    await expect(page.getByRole('alert').filter({ hasText: V.error })).toBeVisible();
  });
});

test.describe('offline at a remote site', () => {
  // The service worker must run (the config blocks it elsewhere for page.route): it serves the app and its chunks.
  test.use({ serviceWorkers: 'allow' });

  test('the dashboard and a visited valve open with no signal, from the copies saved on the device', async ({
    page,
    context,
    request,
  }) => {
    const summary = await getJson<DashboardSummary>(request, '/api/analytics/dashboard');
    const [charted] = await getJson<DashboardSensorReading[]>(request, '/api/analytics/sensor-readings');
    const { id } = await getJson<ValveLookup>(request, `/api/valves/valve-id/${charted.valveId}`);
    await page.goto('/analytics');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByRole('list', { name: 'Plant summary' })).toBeVisible();
    await page.goto(`/analytics/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: V.title(charted.valveId) })).toBeVisible();

    await context.setOffline(true);
    await page.goto('/analytics');
    await expect(page.getByRole('status').filter({ hasText: TEXTS.banner.offline })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Plant summary' }).getByRole('listitem');
    await expect(cards.nth(0)).toContainText(String(summary.totalValves));
    const trends = page.getByRole('figure', { name: ANALYTICS_SCREEN_TEXTS.trendsCaption(charted.valveId) });
    await expect(trends.locator('.recharts-line path.recharts-line-curve')).toHaveCount(3);
    await expect(page.getByTestId('stored-data-notice')).toBeVisible();
    await page.goto(`/valves/${id}/analytics`);
    await expect(page.getByRole('heading', { level: 1, name: V.title(charted.valveId) })).toBeVisible();
    // The spec's three sensor charts (the condition section below them may chart channels too).
    await expect.poll(() => page.locator('.recharts-area').count()).toBeGreaterThanOrEqual(3);
    await context.setOffline(false);
  });
});

test.describe('as a technician', () => {
  test.use({ storageState: stateFile('technician') });

  test('sees the analysis but may not run it or import readings', async ({ page }) => {
    await page.goto('/analytics');
    await expect(page.getByRole('button', { name: A.runAnalysis })).toBeDisabled();
    await expect(page.getByText(ANALYTICS_SCREEN_TEXTS.runNotAllowed)).toBeVisible();
    await expect(page.getByRole('link', { name: ANALYTICS_SCREEN_TEXTS.importReadings })).toHaveCount(0);
    await page.goto('/analytics/import');
    await expect(page.getByText(IMPORT_TEXTS.notAllowed)).toBeVisible();
  });
});

test.describe('readings CSV import', () => {
  test('loads a historian export in °C and bar, shows progress and a summary, and the readings reach the API', async ({
    page,
    request,
  }) => {
    const { id } = await getJson<ValveLookup>(request, '/api/valves/valve-id/V-002-GV');
    // Half past the hour, two hours ago and one hour ago: the demo's readings are on the hour.
    const hour = 3_600_000;
    const base = Math.floor(Date.now() / hour) * hour - 2 * hour + 30 * 60_000;
    const at = (h: number) => new Date(base + h * hour).toISOString().replace('T', ' ').slice(0, 19);
    const csv = [
      'Timestamp,Tag,Temp (degC),Pressure (bar),Vibration (mm/s)',
      `${at(0)},V-002-GV,100,10,1.5`,
      `${at(1)},V-002-GV,101.5,10.2,Bad Input`,
      `${at(1)},V-999-ZZ,20,1,1`,
      `not a time,V-002-GV,20,1,1`,
    ].join('\n');

    await page.goto('/analytics');
    await page.getByRole('link', { name: ANALYTICS_SCREEN_TEXTS.importReadings }).click();
    await expect(page.getByRole('heading', { level: 1, name: IMPORT_TEXTS.title })).toBeVisible();
    await page.getByLabel(IMPORT_TEXTS.chooseFile).setInputFiles({
      name: 'historian.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(page.getByText(IMPORT_TEXTS.fileSummary('historian.csv', 4, 5))).toBeVisible();
    await expect(page.getByRole('combobox', { name: IMPORT_TEXTS.unitLabel.temperature })).toHaveValue('°C');
    await expect(page.getByRole('combobox', { name: IMPORT_TEXTS.unitLabel.pressure })).toHaveValue('bar');
    await expect(page.getByRole('combobox', { name: IMPORT_TEXTS.sensorColumn.vibration })).toHaveValue(
      'Vibration (mm/s)',
    );

    // The preview shows stored units: 100 °C is 212 °F, 10 bar is 145.04 PSI.
    await expect(page.getByText(IMPORT_TEXTS.counts(4, 5, 3))).toBeVisible();
    const preview = page.getByRole('table');
    await expect(preview).toContainText('212.00 °F');
    await expect(preview).toContainText('145.04 PSI');
    const problems = page.getByText(IMPORT_TEXTS.problemsTitle).locator('..');
    await expect(problems).toContainText("Row 3: vibration 'Bad Input' is not a number");
    await expect(problems).toContainText("Row 4: valve 'V-999-ZZ' not found");
    await expect(problems).toContainText("Row 5: timestamp 'not a time' not understood");

    await page.getByRole('button', { name: IMPORT_TEXTS.importButton(5) }).click();
    const summary = page.getByRole('region', { name: IMPORT_TEXTS.summaryTitle });
    await expect(summary).toBeVisible();
    await expect(page.getByRole('progressbar', { name: IMPORT_TEXTS.importing })).toHaveAttribute('aria-valuenow', '1');
    await expect(page.getByText(IMPORT_TEXTS.progress(1, 1, 5, 5))).toBeVisible();
    const figures = summary.getByRole('definition');
    await expect(figures).toHaveText(['4', '5', '0', '0', '3']);

    const stored = await getJson<ValveAnalytics>(request, `/api/analytics/valves/${id}`);
    const imported = stored.sensorReadings.filter((r) => r.timestamp === new Date(base).toISOString());
    expect(imported.map((r) => [r.sensorType, Number(r.value.toFixed(2))]).sort()).toEqual([
      ['pressure', 145.04],
      ['temperature', 212],
      ['vibration', 1.5],
    ]);

    // The same file again writes nothing twice.
    await summary.getByRole('button', { name: IMPORT_TEXTS.importAnother }).click();
    await page.getByLabel(IMPORT_TEXTS.chooseFile).setInputFiles({
      name: 'historian.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: IMPORT_TEXTS.importButton(5) }).click();
    await expect(summary.getByRole('definition')).toHaveText(['4', '0', '0', '5', '3']);
  });

  test('moves the progress bar a chunk at a time through a large file', async ({ page, request }) => {
    // 2,000 rows of a wide file at one-minute steps: 6,000 readings, two chunks.
    const start = Math.floor(Date.now() / 60_000) * 60_000 - 40 * 3_600_000 + 20_000;
    const rows = Array.from({ length: 2000 }, (_, i) => {
      const time = new Date(start + i * 60_000).toISOString();
      return `${time},V-005-PV,${(60 + (i % 7) / 10).toFixed(1)},${(8 + (i % 5) / 10).toFixed(1)},0.05`;
    });
    const csv = ['time,valve,temperature °C,pressure kPa,vibration in/s', ...rows].join('\n');
    let posts = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/sensor-readings', async (route) => {
      posts += 1;
      if (posts === 2) await held;
      await route.continue();
    });

    await page.goto('/analytics/import');
    await page.getByLabel(IMPORT_TEXTS.chooseFile).setInputFiles({
      name: 'export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('combobox', { name: IMPORT_TEXTS.unitLabel.temperature }).selectOption('°C');
    await page.getByRole('combobox', { name: IMPORT_TEXTS.unitLabel.pressure }).selectOption('kPa');
    await page.getByRole('combobox', { name: IMPORT_TEXTS.unitLabel.vibration }).selectOption('in/s');
    await expect(page.getByText(IMPORT_TEXTS.counts(2000, 6000, 0))).toBeVisible();
    await expect(page.getByRole('table')).toContainText('1.27 mm/s');
    await page.getByRole('button', { name: IMPORT_TEXTS.importButton(6000) }).click();

    const bar = page.getByRole('progressbar', { name: IMPORT_TEXTS.importing });
    await expect(bar).toHaveAttribute('aria-valuemax', '2');
    await expect(bar).toHaveAttribute('aria-valuenow', '1');
    await expect(page.getByText(IMPORT_TEXTS.progress(1, 2, 5000, 6000))).toBeVisible();
    release();
    const summary = page.getByRole('region', { name: IMPORT_TEXTS.summaryTitle });
    await expect(summary.getByRole('definition')).toHaveText(['2,000', '6,000', '0', '0', '0']);
    await expect(bar).toHaveAttribute('aria-valuenow', '2');

    const { id } = await getJson<ValveLookup>(request, '/api/valves/valve-id/V-005-PV');
    const stored = await getJson<ValveAnalytics>(request, `/api/analytics/valves/${id}`);
    const last = new Date(start + 1999 * 60_000).toISOString();
    const lastVibration = stored.sensorReadings.find((r) => r.timestamp === last && r.sensorType === 'vibration');
    expect(lastVibration?.value).toBeCloseTo(1.27, 6);
  });
});
