import { signature } from '@common/schemas/signatures';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOffPriorities, valves } from '../../db/schema';
import { DEMO_PASSWORD } from '../../demo/accounts';
import { uploadTestPhoto } from '../../testing/photo-upload';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
let orderId: number;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [v] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.valveId, 'V-002-GV'));
  orderId = (
    await send(t, 'POST', '/api/work-orders', { valveId: v.id, title: 'Lap the seat', priority: 'high' })
  ).json().id;
});
afterAll(() => t.close());

/** The database's own message for a refused statement (drizzle wraps it as the cause); 'allowed' if it ran. */
const refusal = (query: SQL) =>
  t.db.execute(query).then(
    () => 'allowed',
    (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
  );

const sign = (body: Record<string, unknown>, as: 'technician' | 'supervisor' | 'otherOrganization' = 'supervisor') =>
  send(
    t,
    'POST',
    '/api/signatures',
    { entityType: 'work_order', entityId: orderId, meaning: 'reviewed', password: DEMO_PASSWORD, ...body },
    { as },
  );

describe('signatures', () => {
  it('refuses a wrong password with a clear message and signs nothing', async () => {
    const res = await sign({ password: 'valveops-demo ' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'The password is not correct: nothing was signed.' });
    expect((await t.get(`/api/signatures?entityType=work_order&entityId=${orderId}`)).json()).toEqual([]);
  });

  it('shows printed name, date and time and meaning; a technician may not review or approve', async () => {
    const res = await sign({});
    expect(res.statusCode).toBe(201);
    const made = signature.parse(res.json());
    expect(Object.keys(res.json()).slice(0, 3)).toEqual(['printedName', 'signedAt', 'meaning']);
    expect(made).toEqual(
      expect.objectContaining({ printedName: 'James Okafor', meaning: 'reviewed', kind: 'signature' }),
    );
    const refused = await sign({ meaning: 'approved' }, 'technician');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your role (technician) may not sign as approved.');
  });

  it('refuse the same meaning twice from the same person (409); an amendment is its own signature', async () => {
    // The supervisor signed as reviewed above.
    const again = await sign({});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'You have already signed this record as reviewed: a change to it is an amendment, signed with its reason.',
    );
    const first = (await t.get(`/api/signatures?entityType=work_order&entityId=${orderId}`)).json()[0];
    const amendment = await sign({ amendsSignatureId: first.id, amendmentText: 'Torque value corrected' });
    expect(amendment.statusCode).toBe(201);
    expect(amendment.json().kind).toBe('amendment');
  });

  it('close a signed work order to cancelling and to adding or taking away its photos (409)', async () => {
    // The work order was signed by the test before.
    const detail = (await t.get(`/api/work-orders/${orderId}`)).json();
    const cancel = await send(t, 'POST', `/api/work-orders/${orderId}/cancel`, {
      reason: 'Raised twice',
      version: detail.version,
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(
      'This work order is signed and cannot be edited; add a signed amendment instead.',
    );
    const photo = await uploadTestPhoto(t, { workOrderId: orderId });
    expect(photo.statusCode).toBe(409);
    expect((await t.get(`/api/photos?workOrderId=${orderId}`)).json()).toEqual([]);
  });

  it('answers bad input with 400 and another organization with 404', async () => {
    expect((await sign({ meaning: 'witnessed' })).json().message).toBe(
      'Invalid body: meaning must be performed, reviewed or approved',
    );
    expect((await sign({ password: '' })).statusCode).toBe(400);
    expect((await sign({ entityType: 'valve' })).statusCode).toBe(400);
    expect((await sign({ amendsSignatureId: 1 })).json().issues).toEqual([
      { path: 'amendmentText', message: 'is required to amend a signed record' },
    ]);
    expect((await sign({ amendsSignatureId: 99999, amendmentText: 'x' })).statusCode).toBe(404);
    expect((await sign({}, 'otherOrganization')).statusCode).toBe(404);
    expect((await sign({ entityId: 2_147_483_647 })).statusCode).toBe(404);
    expect(
      (await t.get(`/api/signatures?entityType=work_order&entityId=${orderId}`, 'otherOrganization')).statusCode,
    ).toBe(404);
    expect((await t.get('/api/signatures?entityType=work_order')).statusCode).toBe(400);
  });

  it('are never changed or deleted, even by the database owner', async () => {
    expect(await refusal(sql`update signatures set meaning = 'approved'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from signatures`)).toMatch(/append-only/);
  });

  it("make completion need a signature when the organization signs off the work order's priority", async () => {
    await t.db.insert(signOffPriorities).values({ organizationId: 1, priority: 'high' });
    const other = (
      await send(t, 'POST', '/api/work-orders', { valveId: 1, title: 'Re-torque bonnet', priority: 'high' })
    ).json();
    await send(t, 'POST', `/api/work-orders/${other.id}/status`, { status: 'in_progress', version: 1 });
    const body = {
      status: 'completed',
      version: 2,
      findings: 'Bonnet bolts slack',
      actionsPerformed: 'Torqued to 250 Nm',
    };
    const refused = await send(t, 'POST', `/api/work-orders/${other.id}/status`, body);
    expect(refused.json().message).toBe('Invalid body: signature is required to complete this work order');
    const done = await send(t, 'POST', `/api/work-orders/${other.id}/status`, {
      ...body,
      signature: { password: DEMO_PASSWORD, meaning: 'performed' },
    });
    expect(done.json().status).toBe('completed');
  });
});
