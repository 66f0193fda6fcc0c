import { expect, test } from '@playwright/test';
import { ANALYTICS_SCREEN_TEXTS } from '../client/src/features/analytics/texts';
import type { AnomalyEpisode } from '../common/schemas/analytics';
import type { ValveLookup } from '../common/schemas/valves';
import { getJson } from './support/api';
import { stateFile } from './support/personas';

const C = ANALYTICS_SCREEN_TEXTS.condition;

test.use({ storageState: stateFile('engineer'), viewport: { width: 360, height: 800 } });

/** A repeatable wobble in place of sensor noise (no Math.random in tests). */
const wobble = (i: number, k: number) => Math.sin(i * 12.9898 + k * 78.233) * 0.5 + Math.sin(i * 0.37 + k) * 0.3;

test('an engineer sees a channel episode on the timeline and the charts, and marks the reference period', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const valve = await getJson<ValveLookup>(request, '/api/valves/valve-id/V-004-NV');
  // 40 minutes at 1 Hz of flow (L/min), motor current and upstream pressure, ending now: the flow drops by a
  // third for the last 8 minutes while the pressure before the valve rises (a partial blockage).
  const end = Math.floor(Date.now() / 1000) * 1000 - 5000;
  const readings = [];
  for (let s = 0; s < 2400; s++) {
    const blocked = s >= 1920;
    const timestamp = new Date(end - (2399 - s) * 1000).toISOString();
    readings.push(
      {
        valveId: valve.valveId,
        timestamp,
        channel: 'flow',
        unit: 'L/min',
        value: (blocked ? 560 : 840) + 6 * wobble(s, 1),
      },
      {
        valveId: valve.valveId,
        timestamp,
        channel: 'motor_current',
        unit: 'A',
        value: (blocked ? 11.2 : 12.4) + 0.08 * wobble(s, 2),
      },
      {
        valveId: valve.valveId,
        timestamp,
        channel: 'P1_upstream',
        unit: 'bar',
        value: (blocked ? 6.4 : 5.8) + 0.03 * wobble(s, 3),
      },
    );
  }
  const posted = await request.post('/api/sensor-readings', { data: { readings } });
  expect(posted.status()).toBe(200);
  expect((await posted.json()).inserted).toBe(7200);
  // The healthy half hour before the blockage is the reference the models learn from (the demo valve's default
  // period, after its commissioning, holds none of these channels).
  const marked = await request.put(`/api/valves/${valve.id}/reference-period`, {
    data: { from: new Date(end - 2399_000).toISOString(), to: new Date(end - 600_000).toISOString() },
  });
  expect(marked.status(), await marked.text()).toBe(200);
  expect((await request.post(`/api/analytics/predictive/${valve.id}`)).status()).toBe(200);
  const episodes = await getJson<AnomalyEpisode[]>(request, `/api/analytics/valves/${valve.id}/anomalies`);
  const flowDown = episodes.find((e) => e.channels.some((c) => c.channel === 'flow' && c.direction === 'down'));
  expect(flowDown, JSON.stringify(episodes)).toBeDefined();

  await page.goto(`/analytics/${valve.id}`);
  const section = page.getByRole('region', { name: C.title });
  await section.scrollIntoViewIfNeeded();
  const listed = section.getByRole('list', { name: C.episodes });
  await expect(listed.getByText(/flow −\d/).first()).toBeVisible();
  await expect(section.getByRole('figure', { name: 'flow' })).toBeVisible();
  await expect(section.locator('.recharts-reference-area').first()).toBeAttached();
  await page.screenshot({ path: 'test-results/condition-360.png', fullPage: true });

  const form = section.getByRole('region', { name: C.reference });
  await form.scrollIntoViewIfNeeded();
  const local = (ms: number) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  };
  await form.getByLabel(C.from).fill(local(end - 2400_000));
  await form.getByLabel(C.to).fill(local(end - 1200_000));
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/valves/${valve.id}/reference-period`),
    { timeout: 60_000 },
  );
  await form.getByRole('button', { name: C.save }).click();
  expect((await saved).status()).toBe(200);
  await expect(form.getByText(/Marked by Priya Raman/)).toBeVisible();

  // Too early an end is refused before anything is sent, in the contract's words.
  await form.getByLabel(C.to).fill(local(end - 2500_000));
  await form.getByRole('button', { name: C.save }).click();
  // Said at the field it is about (issue 26), not in a line under the form.
  await expect(form.getByText(`${C.to} must be after from`)).toBeVisible();
  await expect(form.getByLabel(C.to)).toHaveAttribute('aria-invalid', 'true');
});

test("a newcomer finds the demo's control valve with its loop channels and the blockage it had", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const list = await getJson<{ id: number; valveId: string; type: string }[]>(request, '/api/valves');
  let found: { id: number; valveId: string } | undefined;
  for (const v of list.filter((x) => x.type === 'Globe Valve')) {
    const channels = await getJson<{ channels: { name: string }[] }>(request, `/api/analytics/valves/${v.id}/channels`);
    if (!channels.channels.some((c) => c.name === 'actuator_supply')) continue;
    expect((await request.post(`/api/analytics/predictive/${v.id}`)).status()).toBe(200);
    const episodes = await getJson<AnomalyEpisode[]>(request, `/api/analytics/valves/${v.id}/anomalies`);
    if (episodes.some((e) => e.fault === 'blockage' && e.end !== null)) found = v;
    if (found) break;
  }
  expect(found, 'a demo globe valve with the simulated blockage').toBeDefined();
  await page.goto(`/analytics/${found?.id}`);
  const section = page.getByRole('region', { name: C.title });
  await section.scrollIntoViewIfNeeded();
  await expect(
    section
      .getByRole('list', { name: C.episodes })
      .getByText(/flow −\d/)
      .first(),
  ).toBeVisible();
  for (const name of ['flow', 'P1_upstream', 'motor_current', 'actuator_supply']) {
    await expect(section.getByRole('figure', { name })).toBeVisible();
  }
  await expect(section.locator('.recharts-reference-area').first()).toBeAttached();
  await page.screenshot({ path: 'test-results/demo-loop-valve-360.png', fullPage: true });
});
