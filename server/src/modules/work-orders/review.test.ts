import { signOffRules } from '@common/schemas/signatures';
import { workOrderDetail } from '@common/schemas/work-orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valves } from '../../db/schema';
import { DEMO_PASSWORD } from '../../demo/accounts';
import { uploadTestPhoto } from '../../testing/photo-upload';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { reviewRefusal } from './review';

let t: TestContext;
let valveId: number;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [v] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.valveId, 'V-002-GV'));
  valveId = v.id;
});
afterAll(() => t.close());

/** A work order taken to completed by the technician; answers its id and version. */
async function completedOrder(priority: 'high' | 'medium' | 'low' = 'medium') {
  const order = (await send(t, 'POST', '/api/work-orders', { valveId, title: 'Lap the seat', priority })).json();
  await send(
    t,
    'POST',
    `/api/work-orders/${order.id}/status`,
    { status: 'in_progress', version: 1 },
    {
      as: 'technician',
    },
  );
  const done = await send(
    t,
    'POST',
    `/api/work-orders/${order.id}/status`,
    { status: 'completed', version: 2, findings: 'Seat scored', actionsPerformed: 'Lapped the seat' },
    { as: 'technician' },
  );
  expect(done.statusCode).toBe(200);
  return { id: order.id as number, version: done.json().version as number };
}

const signature = (meaning = 'approved', password = DEMO_PASSWORD) => ({ password, meaning });

describe('reviewRefusal', () => {
  const order = (status: string, approved = false, closed = false) => ({
    status,
    approvedAt: approved ? new Date() : null,
    closedAt: closed ? new Date() : null,
  });
  it('lets a completed order be approved, then closed, once each', () => {
    expect(reviewRefusal(order('completed'), 'approve')).toBeNull();
    expect(reviewRefusal(order('completed', true), 'close')).toBeNull();
    expect(reviewRefusal(order('in_progress'), 'approve')).toBe('Only a completed work order can be approved.');
    expect(reviewRefusal(order('completed'), 'close')).toBe('Approve the work order before closing it.');
    expect(reviewRefusal(order('completed', true), 'approve')).toBe('The work order is already approved.');
    expect(reviewRefusal(order('completed', true, true), 'close')).toBe('The work order is already closed.');
  });
});

describe('approving and closing a work order', () => {
  it('approves with a signature, then closes; the record shows who and when, and stays completed', async () => {
    const { id, version } = await completedOrder();
    const approved = await send(t, 'POST', `/api/work-orders/${id}/approve`, { version, signature: signature() });
    expect(approved.statusCode).toBe(200);
    const detail = workOrderDetail.parse(approved.json());
    expect(detail.status).toBe('completed');
    expect(detail.approvedByUser?.name).toBe('James Okafor');
    const signatures = (await t.get(`/api/signatures?entityType=work_order&entityId=${id}`)).json();
    expect(signatures.map((s: { printedName: string; meaning: string }) => [s.printedName, s.meaning])).toEqual([
      ['James Okafor', 'approved'],
    ]);
    const closed = await send(t, 'POST', `/api/work-orders/${id}/close`, { version: detail.version });
    expect(closed.statusCode).toBe(200);
    expect(workOrderDetail.parse(closed.json()).closedAt).not.toBeNull();
    // An approved order is not reopened nor edited: the record stands.
    const reopen = await send(t, 'POST', `/api/work-orders/${id}/status`, {
      status: 'in_progress',
      version: detail.version + 1,
    });
    expect(reopen.statusCode).toBe(409);
    const listed = (await t.get('/api/work-orders')).json().find((o: { id: number }) => o.id === id);
    // The list carries where the review stands, so it can say Closed, not merely Completed (issue 29).
    expect(listed).toEqual(
      expect.objectContaining({ status: 'completed', approvedAt: detail.approvedAt, closedAt: expect.any(String) }),
    );
    // A closed order is read-only but for notes: no photo is added.
    const photo = await uploadTestPhoto(t, { workOrderId: id });
    expect(photo.statusCode).toBe(409);
    expect(photo.json().message).toBe('This work order is closed: its photos can no longer change.');
    const note = await send(t, 'POST', `/api/work-orders/${id}/notes`, { text: 'Spare gasket returned to stores' });
    expect(note.statusCode).toBe(201);
  });

  it('refuses a wrong password, a technician, a stale version, and steps out of order', async () => {
    const { id, version } = await completedOrder();
    const wrong = await send(t, 'POST', `/api/work-orders/${id}/approve`, {
      version,
      signature: signature('approved', 'not-the-password'),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('The password is not correct: nothing was signed.');
    expect((await t.get(`/api/work-orders/${id}`)).json().approvedAt).toBeNull();
    const technician = await send(t, 'POST', `/api/work-orders/${id}/approve`, { version }, { as: 'technician' });
    expect(technician.statusCode).toBe(403);
    expect((await send(t, 'POST', `/api/work-orders/${id}/approve`, { version: version - 1 })).statusCode).toBe(409);
    const early = await send(t, 'POST', `/api/work-orders/${id}/close`, { version });
    expect(early.json().message).toBe('Approve the work order before closing it.');
    const open = (await send(t, 'POST', '/api/work-orders', { valveId, title: 'Open work' })).json();
    expect((await send(t, 'POST', `/api/work-orders/${open.id}/approve`, { version: 1 })).json().message).toBe(
      'Only a completed work order can be approved.',
    );
  });

  it('answers bad input with 400 and another organization with 404', async () => {
    const { id, version } = await completedOrder();
    expect((await send(t, 'POST', `/api/work-orders/${id}/approve`, {})).json().message).toBe(
      'Invalid body: version is required',
    );
    const performed = await send(t, 'POST', `/api/work-orders/${id}/approve`, {
      version,
      signature: signature('performed'),
    });
    expect(performed.json().message).toBe(
      'Invalid body: signature.meaning must be reviewed or approved to approve or close',
    );
    expect((await send(t, 'POST', '/api/work-orders/abc/approve', { version })).statusCode).toBe(400);
    expect(
      (await send(t, 'POST', `/api/work-orders/${id}/approve`, { version }, { as: 'otherOrganization' })).statusCode,
    ).toBe(404);
  });

  it('needs a signature where the organization signs off a step for the priority', async () => {
    const rules = await send(t, 'PUT', '/api/sign-off-rules', { low: ['close', 'approve'] }, { as: 'admin' });
    expect(rules.statusCode).toBe(200);
    expect(signOffRules.parse(rules.json())).toEqual({ high: [], medium: [], low: ['approve', 'close'] });
    expect((await send(t, 'PUT', '/api/sign-off-rules', { low: ['reject'] }, { as: 'admin' })).json().message).toBe(
      'Invalid body: low.0 must be complete, approve or close',
    );
    expect((await send(t, 'PUT', '/api/sign-off-rules', { low: [] }, { as: 'supervisor' })).statusCode).toBe(403);
    const { id, version } = await completedOrder('low');
    // The forms ask which steps need a signature, to mark it required rather than optional (issue 29).
    const signOff = await t.get(`/api/work-orders/${id}/sign-off`);
    expect(signOff.json()).toEqual({ complete: false, approve: true, close: true });
    expect((await t.get('/api/work-orders/x/sign-off')).statusCode).toBe(400);
    expect((await t.get(`/api/work-orders/${id}/sign-off`, 'otherOrganization')).statusCode).toBe(404);
    const unsigned = await send(t, 'POST', `/api/work-orders/${id}/approve`, { version });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe('Invalid body: signature is required to approve this work order');
    const signed = await send(t, 'POST', `/api/work-orders/${id}/approve`, {
      version,
      signature: signature('reviewed'),
    });
    expect(signed.statusCode).toBe(200);
    await send(t, 'PUT', '/api/sign-off-rules', { low: [] }, { as: 'admin' });
    expect((await t.get('/api/sign-off-rules')).json().low).toEqual([]);
  });
});
