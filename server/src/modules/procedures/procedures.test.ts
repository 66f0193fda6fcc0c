import { procedureRun, procedureVersion } from '@common/schemas/procedures';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valves, workOrders } from '../../db/schema';
import { DEMO_PASSWORD } from '../../demo/accounts';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
let valveId: number;
const stroke = {
  name: 'Test stroke of a control valve',
  steps: [
    { key: 'isolate', type: 'check', label: 'Valve isolated and tagged out' },
    { key: 'stroke-time', type: 'number', label: 'Full stroke time', unit: 's', lower: 2, upper: 8 },
    { key: 'seat', type: 'choice', label: 'Seat condition', options: ['Good', 'Worn', 'Damaged'] },
    { key: 'sign', type: 'signature', label: 'Technician sign-off' },
  ],
};

beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [v] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.valveId, 'V-002-GV'));
  valveId = v.id;
});
afterAll(() => t.close());

async function newOrderWithRun(procedureId: number) {
  const order = (await send(t, 'POST', '/api/work-orders', { valveId, title: 'Stroke test' })).json();
  await send(t, 'POST', `/api/work-orders/${order.id}/status`, { status: 'in_progress', version: 1 });
  const attached = await send(t, 'POST', `/api/work-orders/${order.id}/procedures`, { procedureId });
  expect(attached.statusCode).toBe(201);
  return { order, run: procedureRun.parse(attached.json()[0]) };
}

describe('procedures', () => {
  let procedureId: number;

  it('an engineer writes one; a technician may not; bad steps are 400 with the field', async () => {
    const created = await send(t, 'POST', '/api/procedures', stroke, { as: 'engineer' });
    expect(created.statusCode).toBe(201);
    const version = procedureVersion.parse(created.json());
    expect(version).toEqual(expect.objectContaining({ version: 1, corrective: 'offer', signOff: [] }));
    procedureId = version.procedureId;
    expect((await send(t, 'POST', '/api/procedures', { ...stroke, name: 'X' }, { as: 'technician' })).statusCode).toBe(
      403,
    );
    const bad = await send(
      t,
      'POST',
      '/api/procedures',
      {
        name: 'Bad',
        steps: [{ key: 'a', type: 'number', label: 'Torque', unit: 'Nm', lower: 10, upper: 5 }],
      },
      { as: 'engineer' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('steps.0.upper');
    const twice = await send(
      t,
      'POST',
      '/api/procedures',
      { name: 'Dup', steps: [stroke.steps[0], stroke.steps[0]] },
      { as: 'engineer' },
    );
    expect(twice.json().issues[0]).toEqual({ path: 'steps.1.key', message: 'is used twice' });
    expect((await send(t, 'POST', '/api/procedures', stroke, { as: 'engineer' })).statusCode).toBe(409);
  });

  it('is read only inside its organization', async () => {
    expect((await t.get(`/api/procedures/${procedureId}`)).statusCode).toBe(200);
    expect((await t.get(`/api/procedures/${procedureId}`, 'otherOrganization')).statusCode).toBe(404);
    expect((await t.get('/api/procedures', 'otherOrganization')).json()).toEqual([]);
    expect((await t.get('/api/procedures/abc')).statusCode).toBe(400);
  });

  it('records each step; an out-of-limit number fails and raises the corrective work order asked for', async () => {
    const { order, run } = await newOrderWithRun(procedureId);
    const step = (key: string, body: unknown, as?: 'technician' | 'otherOrganization') =>
      send(t, 'PUT', `/api/procedure-runs/${run.id}/steps/${key}`, body, { as: as ?? 'technician' });
    expect((await step('isolate', { answer: 'maybe' })).json().message).toBe(
      'Invalid body: answer must be pass, fail or na',
    );
    expect((await step('isolate', { answer: 'pass' })).statusCode).toBe(200);
    expect((await step('seat', { answer: 'Rusty' })).statusCode).toBe(400);
    expect((await step('nope', { answer: 'pass' })).statusCode).toBe(404);
    expect((await step('isolate', { answer: 'pass' }, 'otherOrganization')).statusCode).toBe(404);
    const slow = await step('stroke-time', { numberValue: 11.5, raiseCorrective: true });
    const result = procedureRun.parse(slow.json()[0]).results.find((r) => r.stepKey === 'stroke-time');
    expect(result).toEqual(expect.objectContaining({ numberValue: 11.5, failed: true }));
    expect(result?.correctiveWorkOrderNumber).toMatch(/^WO-\d{4}-\d{4}$/);
    const [corrective] = await t.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.id, result?.correctiveWorkOrderId ?? 0));
    expect(corrective).toEqual(
      expect.objectContaining({ valveId, priority: 'high', title: `Corrective: ${stroke.name}` }),
    );
    expect(corrective.description).toBe(
      `Raised from ${order.workOrderId}, ${stroke.name} v1. Failed steps:\n- Step "Full stroke time" (11.5 s)`,
    );
    // Recording it again keeps the one corrective work order.
    const again = procedureRun.parse((await step('stroke-time', { numberValue: 12 })).json()[0]);
    expect(again.results.find((r) => r.stepKey === 'stroke-time')?.correctiveWorkOrderId).toBe(corrective.id);
    // A further failed step of the run joins the same corrective work order, listed in it.
    const failed = procedureRun.parse((await step('isolate', { answer: 'fail', raiseCorrective: true })).json()[0]);
    expect(failed.results.find((r) => r.stepKey === 'isolate')?.correctiveWorkOrderId).toBe(corrective.id);
    const [listed] = await t.db.select().from(workOrders).where(eq(workOrders.id, corrective.id));
    expect(listed.description).toBe(`${corrective.description}\n- Step "Valve isolated and tagged out"`);
    expect(listed.version).toBe(corrective.version + 1);
  });

  it('waits for the work order to be started before a step is recorded', async () => {
    const order = (await send(t, 'POST', '/api/work-orders', { valveId, title: 'Not started yet' })).json();
    const attached = await send(t, 'POST', `/api/work-orders/${order.id}/procedures`, { procedureId });
    const run = procedureRun.parse(attached.json()[0]);
    const early = await send(t, 'PUT', `/api/procedure-runs/${run.id}/steps/isolate`, { answer: 'pass' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Start the work order to record its steps.');
    expect((await t.get(`/api/work-orders/${order.id}/procedures`)).json()[0].results).toEqual([]);
  });

  it('a signature step needs the right password; editing the procedure keeps the run on its version', async () => {
    const { order, run } = await newOrderWithRun(procedureId);
    const sign = (password: string) =>
      send(
        t,
        'PUT',
        `/api/procedure-runs/${run.id}/steps/sign`,
        { signature: { password, meaning: 'performed' } },
        { as: 'technician' },
      );
    const wrong = await sign('not-my-password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('The password is not correct: nothing was signed.');
    const signed = procedureRun.parse((await sign(DEMO_PASSWORD)).json()[0]);
    const signature = signed.results.find((r) => r.stepKey === 'sign')?.signature;
    expect(Object.keys(signature ?? {}).slice(0, 3)).toEqual(['printedName', 'signedAt', 'meaning']);
    expect(signature).toEqual(expect.objectContaining({ printedName: 'Maria Santos', meaning: 'performed' }));
    expect((await sign(DEMO_PASSWORD)).statusCode).toBe(409);

    const revised = await send(
      t,
      'PUT',
      `/api/procedures/${procedureId}`,
      { ...stroke, steps: stroke.steps.slice(0, 2) },
      { as: 'engineer' },
    );
    expect(procedureVersion.parse(revised.json()).version).toBe(2);
    const runs = (await t.get(`/api/work-orders/${order.id}/procedures`)).json();
    expect(runs[0].procedure.version).toBe(1);
    expect(runs[0].procedure.steps).toHaveLength(4);
  });

  it('a forced procedure raises the corrective work order without being asked', async () => {
    const forced = await send(
      t,
      'POST',
      '/api/procedures',
      {
        name: 'PSV seal check',
        corrective: 'force',
        steps: [{ key: 'seal', type: 'check', label: 'Seal wire intact' }],
      },
      { as: 'engineer' },
    );
    const { run } = await newOrderWithRun(forced.json().procedureId);
    const res = await send(t, 'PUT', `/api/procedure-runs/${run.id}/steps/seal`, { answer: 'fail' });
    expect(res.json()[0].results[0].correctiveWorkOrderId).toEqual(expect.any(Number));
  });

  it('a procedure that asks for a signature makes completion need one; once signed, the order is closed to edits', async () => {
    const signedOff = await send(
      t,
      'POST',
      '/api/procedures',
      {
        name: 'Gland leak check',
        signOff: ['complete'],
        steps: [{ key: 'leak', type: 'check', label: 'No leak at the gland' }],
      },
      { as: 'engineer' },
    );
    const { order } = await newOrderWithRun(signedOff.json().procedureId);
    const complete = {
      status: 'completed',
      version: 2,
      findings: 'Gland weeping',
      actionsPerformed: 'Packing nuts tightened 1/6 turn',
    };
    const unsigned = await send(t, 'POST', `/api/work-orders/${order.id}/status`, complete, { as: 'technician' });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().issues[0].path).toBe('signature');
    const wrong = await send(
      t,
      'POST',
      `/api/work-orders/${order.id}/status`,
      {
        ...complete,
        signature: { password: 'guess', meaning: 'performed' },
      },
      { as: 'technician' },
    );
    expect(wrong.statusCode).toBe(403);
    const [still] = await t.db.select().from(workOrders).where(eq(workOrders.id, order.id));
    expect(still.status).toBe('in_progress');
    const done = await send(
      t,
      'POST',
      `/api/work-orders/${order.id}/status`,
      {
        ...complete,
        signature: { password: DEMO_PASSWORD, meaning: 'performed' },
      },
      { as: 'technician' },
    );
    expect(done.statusCode).toBe(200);
    // Signed: no edit, no reopen, no step change; only a signed amendment.
    const edit = await send(t, 'PATCH', `/api/work-orders/${order.id}`, { title: 'Changed', version: 3 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This work order is signed and cannot be edited; add a signed amendment instead.');
    expect(
      (await send(t, 'POST', `/api/work-orders/${order.id}/status`, { status: 'in_progress', version: 3 })).statusCode,
    ).toBe(409);
    const signatures = (await t.get(`/api/signatures?entityType=work_order&entityId=${order.id}`)).json();
    expect(signatures).toHaveLength(1);
    const amendment = await send(t, 'POST', '/api/signatures', {
      entityType: 'work_order',
      entityId: order.id,
      meaning: 'approved',
      password: DEMO_PASSWORD,
      amendsSignatureId: signatures[0].id,
      amendmentText: 'Findings: the gland was weeping, not leaking.',
    });
    expect(amendment.statusCode).toBe(201);
    expect(amendment.json()).toEqual(expect.objectContaining({ kind: 'amendment', printedName: 'James Okafor' }));
    const [unchanged] = await t.db
      .select()
      .from(workOrders)
      .where(and(eq(workOrders.id, order.id)));
    expect(unchanged.title).toBe('Stroke test');
  });
});
