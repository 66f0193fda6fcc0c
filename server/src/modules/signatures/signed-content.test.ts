import { createHash } from 'node:crypto';
import { signature } from '@common/schemas/signatures';
import canonicalize from 'canonicalize';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatures, valves, workOrders } from '../../db/schema';
import { DEMO_PASSWORD } from '../../demo/accounts';
import { pdfText } from '../../testing/pdf-text';
import { uploadTestPhoto } from '../../testing/photo-upload';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

// Issue 27 item 3: a signature binds what was signed, and a signed record changes only by a signed amendment
// that keeps the signed version beside the new one.
let t: TestContext;
let orderId: number;
const signed = () => t.get(`/api/signatures?entityType=work_order&entityId=${orderId}`).then((r) => r.json());
const version = async () => (await t.get(`/api/work-orders/${orderId}`)).json().version;
const amend = async (body: Record<string, unknown>) =>
  send(t, 'PATCH', `/api/work-orders/${orderId}`, { version: await version(), ...body });
const amendment = { reason: 'Title named the wrong seat', password: DEMO_PASSWORD, meaning: 'performed' };

beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [v] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.valveId, 'V-002-GV'));
  orderId = (
    await send(t, 'POST', '/api/work-orders', { valveId: v.id, title: 'Lap the upper seat', priority: 'medium' })
  ).json().id;
  await send(t, 'POST', `/api/work-orders/${orderId}/status`, { status: 'in_progress', version: 1 });
  const photo = await uploadTestPhoto(t, { workOrderId: orderId, description: 'Seat after lapping' });
  expect(photo.statusCode).toBe(201);
  const done = await send(t, 'POST', `/api/work-orders/${orderId}/status`, {
    status: 'completed',
    version: await version(),
    findings: 'Seat scored at 4 o’clock',
    actionsPerformed: 'Lapped and blued, 100% contact',
    signature: { password: DEMO_PASSWORD, meaning: 'performed' },
  });
  expect(done.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('a signature binds what was signed', () => {
  it('keeps the completed order, its findings and its photo, hashed as RFC 8785 JSON anyone can recompute', async () => {
    const [made] = await signed();
    expect(signature.parse(made).contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(made.changesSinceSigning).toEqual([]);
    const [row] = await t.db.select().from(signatures).where(eq(signatures.id, made.id));
    const content = row.signedContent;
    expect(
      createHash('sha256')
        .update(canonicalize(content) ?? '')
        .digest('hex'),
    ).toBe(made.contentHash);
    expect(content?.fields).toEqual(
      expect.objectContaining({
        Title: 'Lap the upper seat',
        Status: 'completed',
        Valve: 'V-002-GV',
        'Completed by': 'James Okafor',
      }),
    );
    expect(Object.keys(content?.parts ?? {}).sort()).toEqual(['maintenance_record', 'photo', 'procedure_run']);
    expect(content?.parts.procedure_run).toEqual([]);
    expect(content?.parts.photo).toHaveLength(1);
    expect(content?.parts.photo[0].hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an edit without an amendment (409), and an amendment without its reason or password', async () => {
    const plain = await amend({ title: 'Lap the lower seat' });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().message).toBe(
      'This work order is signed and cannot be edited; add a signed amendment instead.',
    );
    const noReason = await amend({ title: 'Lap the lower seat', amendment: { ...amendment, reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues).toEqual([
      { path: 'amendment.reason', message: 'is required: say why the signed record changes' },
    ]);
    const wrong = await amend({ title: 'Lap the lower seat', amendment: { ...amendment, password: 'guess' } });
    expect(wrong.statusCode).toBe(403);
    expect((await t.get(`/api/work-orders/${orderId}`)).json().title).toBe('Lap the upper seat');
    expect(await signed()).toHaveLength(1);
  });

  it('takes a signed amendment: the change is made, signed with its reason, and both versions are shown', async () => {
    const res = await amend({ title: 'Lap the lower seat', amendment });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Lap the lower seat');
    const [original, amended] = await signed();
    expect(original.changesSinceSigning).toEqual([
      { field: 'Title', signed: 'Lap the upper seat', now: 'Lap the lower seat' },
    ]);
    expect(amended).toEqual(
      expect.objectContaining({
        kind: 'amendment',
        amendsSignatureId: original.id,
        amendmentText: 'Title named the wrong seat',
        printedName: 'James Okafor',
        changesSinceSigning: [],
      }),
    );
    expect(amended.contentHash).not.toBe(original.contentHash);

    const history = (await t.get(`/api/history/work-orders/${orderId}`)).json();
    const inHistory = history.find(
      (e: { table: string; rowId: string }) => e.table === 'signatures' && e.rowId === String(amended.id),
    );
    expect(inHistory.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'kind', from: null, to: 'amendment' }),
        expect.objectContaining({ field: 'amendment_text', from: null, to: 'Title named the wrong seat' }),
        expect.objectContaining({ field: 'printed_name', from: null, to: 'James Okafor' }),
      ]),
    );

    const report = pdfText((await t.get(`/api/work-orders/${orderId}/report.pdf`)).rawPayload).replace(/\s+/g, ' ');
    expect(report).toContain('Amended after signing: Title named the wrong seat');
    expect(report).toContain('Amended after signing: as James Okafor signed it on');
    expect(report).toContain('Lap the upper seat');
    expect(report).toContain(`Signed content SHA-256 ${original.contentHash.slice(0, 16)}`);
  });

  it('shows a change made behind the application (in the database) against every signature it breaks', async () => {
    await t.db.update(workOrders).set({ description: 'Rewritten later' }).where(eq(workOrders.id, orderId));
    const [original, amended] = await signed();
    expect(amended.changesSinceSigning).toEqual([{ field: 'Description', signed: '', now: 'Rewritten later' }]);
    expect(original.changesSinceSigning).toHaveLength(2);
  });

  it('refuses an amendment to an order nobody signed (400 at the field)', async () => {
    const other = (await send(t, 'POST', '/api/work-orders', { valveId: 1, title: 'Grease stem' })).json();
    const res = await send(t, 'PATCH', `/api/work-orders/${other.id}`, {
      version: other.version,
      title: 'Grease stem nut',
      amendment,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'amendment', message: 'is only for a signed record: this one is not signed' },
    ]);
    expect((await t.get(`/api/work-orders/${other.id}`)).json().title).toBe('Grease stem');
  });
});
