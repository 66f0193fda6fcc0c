import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app';

/*
 * A new customer's organization (issue 30): its one plant named at sign-up, nothing of the demo's world, and its
 * plans counted in its plant's days, DST included.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 4 });
}, 120_000);
afterAll(() => t.close());

let cookie = '';
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie } });

/** Berlin's wall clock at an instant: an independent reading of where a plant day ends. */
const berlin = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(iso));

/** The next day on which Berlin's clocks change (the last Sunday of March or of October). */
function nextBerlinClockChange(from: Date): string {
  const offset = (day: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'shortOffset' })
      .formatToParts(new Date(`${day}T12:00:00Z`))
      .find((p) => p.type === 'timeZoneName')?.value;
  for (let d = new Date(from.getTime() + 2 * 86_400_000); ; d = new Date(d.getTime() + 86_400_000)) {
    const day = d.toISOString().slice(0, 10);
    const before = new Date(d.getTime() - 86_400_000).toISOString().slice(0, 10);
    if (offset(day) !== offset(before)) return day;
  }
}

describe('POST /api/auth/sign-up with plantName', () => {
  it('starts the organization with the one plant named, in its zone, and none of the demo’s', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        organizationName: 'Bayside Refining',
        plantName: 'Bayside North',
        timeZone: 'Europe/Berlin',
        name: 'Ines Brandt',
        email: 'ines@bayside-refining.example',
        password: 'a long passphrase',
      },
    });
    expect(res.statusCode).toBe(201);
    cookie = String(res.headers['set-cookie']).split(';')[0];
    const plants = (await call('GET', '/api/plants')).json();
    expect(plants).toHaveLength(1);
    expect(plants[0]).toMatchObject({ name: 'Bayside North', timeZone: 'Europe/Berlin', retired: false, valves: 0 });
  });

  it("refuses a valve in the demo's plant and takes one in its own", async () => {
    const valve = {
      valveId: 'FCV-101A',
      type: 'Control Valve',
      size: 'DN 150',
      pressure: 'PN 40',
      plant: 'Power Plant A',
      location: 'Crude unit',
      system: 'Crude charge',
      manufacturer: 'Samson',
      model: '3241',
    };
    const refused = await call('POST', '/api/valves', valve);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Invalid body: plant must be one of: Bayside North');
    const taken = await call('POST', '/api/valves', { ...valve, plant: 'Bayside North' });
    expect(taken.statusCode).toBe(201);
  });

  it("counts a plan's days in the plant's zone on both sides of a clock change", async () => {
    const change = nextBerlinClockChange(new Date());
    const dayBefore = new Date(Date.parse(`${change}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const res = await call('POST', '/api/maintenance-plans', {
      title: 'Daily walkdown',
      target: { plant: 'Bayside North' },
      trigger: { kind: 'calendar', every: { count: 1, unit: 'day' }, startDate: dayBefore },
      leadDays: 0,
    });
    expect(res.statusCode).toBe(201);
    const plan = res.json();
    // No zone was given: the plan's days are its plant's.
    expect(plan.timeZone).toBe('Europe/Berlin');
    const forecast = (await call('GET', `/api/maintenance-plans/forecast?planId=${plan.id}&months=8`)).json();
    const due = (day: string) => forecast.occurrences.find((o: { day: string }) => o.day === day)?.dueAt;
    expect(berlin(due(dayBefore))).toBe(`${dayBefore} 23:59:59`);
    expect(berlin(due(change))).toBe(`${change} 23:59:59`);
    // The two ends are 23 or 25 hours apart, as the clocks moved, not 24.
    const hours = (Date.parse(due(change)) - Date.parse(due(dayBefore))) / 3_600_000;
    expect([23, 25]).toContain(Math.round(hours));
  });

  it('names the first plant after the organization when the sign-up gives none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        organizationName: 'Riverside Paper',
        name: 'Ola Berg',
        email: 'ola@riverside-paper.example',
        password: 'a long passphrase',
      },
    });
    expect(res.statusCode).toBe(201);
    cookie = String(res.headers['set-cookie']).split(';')[0];
    expect((await call('GET', '/api/plants')).json()).toEqual([
      expect.objectContaining({ name: 'Riverside Paper', timeZone: 'UTC' }),
    ]);
  });

  it.each([
    [{ plantName: '' }, 'plantName is required'],
    [{ plantName: 'x'.repeat(81) }, 'plantName must be at most 80 characters'],
    [{ timeZone: 'Central Time' }, 'timeZone must be an IANA time zone'],
  ])('refuses %j with 400', async (change, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        organizationName: 'Harbor Gas',
        name: 'Sam Lee',
        email: 'sam@harbor-gas.example',
        password: 'a long passphrase',
        ...change,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});
