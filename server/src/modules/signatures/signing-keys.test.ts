import { generateKeyPairSync, type KeyObject, sign as signWith } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { offlineSignedMessage } from '@common/offline-signing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatures, users, valves } from '../../db/schema';
import { DEMO_PASSWORD } from '../../demo/accounts';
import { pdfText } from '../../testing/pdf-text';
import { send } from '../../testing/send';
import { createTestApp, PERSONAS, type Persona, type TestContext } from '../../testing/test-app';

/**
 * A completion signed with no signal (issue 29, decisions/121): the device registers its key online, signs offline,
 * and the server checks the signature when the queued completion arrives.
 */
let t: TestContext;
let valveId: number;
let technicianId: number;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [v] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.valveId, 'V-002-GV'));
  valveId = v.id;
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, PERSONAS.technician));
  technicianId = u.id;
});
afterAll(() => t.close());

/** A device's key pair, as WebCrypto makes it (P-256), and its public half as the JWK the device sends. */
function deviceKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' });
  return { privateKey, jwk: { kty, crv, x, y } };
}
const register = (jwk: object, as: Persona = 'technician', password = DEMO_PASSWORD) =>
  send(t, 'POST', '/api/signing-keys', { password, publicKey: jwk, device: 'Pixel 7, Chrome' }, { as });

/** A key registered a day ago (before the device lost its signal), as `as`. */
async function registeredKey(as: Persona = 'technician') {
  const { privateKey, jwk } = deviceKey();
  const keyId: number = (await register(jwk, as)).json().id;
  await t.db.execute(sql`update signing_keys set created_at = now() - interval '1 day' where id = ${keyId}`);
  return { privateKey, keyId };
}

/** A work order the technician has started; answers its id and version. */
async function startedOrder() {
  const order = (
    await send(t, 'POST', '/api/work-orders', { valveId, title: 'Repack the gland', priority: 'high' })
  ).json();
  const started = await send(
    t,
    'POST',
    `/api/work-orders/${order.id}/status`,
    { status: 'in_progress', version: 1 },
    {
      as: 'technician',
    },
  );
  return { id: order.id as number, version: started.json().version as number };
}

const completion = { maintenanceType: 'corrective', findings: 'Packing worn', actionsPerformed: 'Repacked the gland' };
/** The completion body with a signature made offline by `privateKey` at `signedAt`. */
function signedOffline(
  order: { id: number; version: number },
  keyId: number,
  privateKey: KeyObject,
  signedAt: string,
  signedFor = completion,
) {
  const message = offlineSignedMessage({
    userId: technicianId,
    entityType: 'work_order',
    entityId: order.id,
    meaning: 'performed',
    signedAt,
    ...signedFor,
  });
  const signature = signWith('sha256', Buffer.from(message), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return {
    status: 'completed',
    version: order.version,
    ...completion,
    signature: { meaning: 'performed', offline: { keyId, signedAt, signature: signature.toString('base64url') } },
  };
}
const complete = (order: { id: number }, body: object) =>
  send(t, 'POST', `/api/work-orders/${order.id}/status`, body, { as: 'technician' });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('signing keys', () => {
  it('registers a device key after the password, lists it, and refuses a wrong password or a bad key', async () => {
    const { jwk } = deviceKey();
    expect((await register(jwk, 'technician', 'not-it')).json()).toEqual({
      message: 'The password is not correct: nothing was signed.',
    });
    const made = await register(jwk);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({
      id: expect.any(Number),
      device: 'Pixel 7, Chrome',
      createdAt: expect.any(String),
      revokedAt: null,
    });
    const listed = await t.app.inject({ url: '/api/signing-keys', headers: { cookie: await t.cookie('technician') } });
    expect(listed.json().map((k: { id: number }) => k.id)).toContain(made.json().id);

    for (const [publicKey, path, message] of [
      [undefined, 'publicKey', 'is required: the public half of the device key, as a JWK'],
      [{ ...jwk, crv: 'P-384' }, 'publicKey.crv', 'must be P-256'],
      [{ ...jwk, x: 'short' }, 'publicKey.x', 'must be a P-256 coordinate, base64url (43 characters)'],
    ] as const) {
      const res = await send(
        t,
        'POST',
        '/api/signing-keys',
        { password: DEMO_PASSWORD, publicKey },
        { as: 'technician' },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ path, message }]);
    }
  });

  it('signs a completion made offline with the device’s time and key, checked when it arrives', async () => {
    const { privateKey, keyId } = await registeredKey();
    const order = await startedOrder();
    const signedAt = new Date(Date.now() - 20 * 60_000).toISOString();
    const res = await complete(order, signedOffline(order, keyId, privateKey, signedAt));
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('completed');
    const signed = (await t.get(`/api/signatures?entityType=work_order&entityId=${order.id}`)).json();
    expect(signed).toEqual([
      expect.objectContaining({
        printedName: 'Maria Santos',
        meaning: 'performed',
        signedAt,
        kind: 'signature',
        signedOffline: true,
      }),
    ]);
    const [row] = await t.db.select().from(signatures).where(eq(signatures.id, signed[0].id));
    expect(row.signingKeyId).toBe(keyId);
    // The report says whose clock the time is.
    const pdf = (await t.get(`/api/work-orders/${order.id}/report.pdf`)).rawPayload;
    if (process.env.KEEP_PDF) writeFileSync(process.env.KEEP_PDF, pdf);
    expect(pdfText(pdf).replace(/\s+/g, ' ')).toMatch(/Signed with no signal on the signer.s device \(its clock\)/);
  });

  it('refuses a signature that does not match what arrived, and completes nothing', async () => {
    const { privateKey, keyId } = await registeredKey();
    const order = await startedOrder();
    const body = signedOffline(order, keyId, privateKey, minutesAgo(5), { ...completion, findings: 'Nothing found' });
    const res = await complete(order, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message:
        'The signature made offline was not accepted: it does not match what was sent with it. Nothing was signed; sign again online.',
      issues: [{ path: 'signature.offline', message: 'it does not match what was sent with it' }],
    });
    const after = await t.get(`/api/work-orders/${order.id}`);
    expect(after.json().status).toBe('in_progress');
  });

  it('refuses another person’s key, a revoked key, a time ahead or too old, and a key made after it', async () => {
    const { keyId: othersKeyId, privateKey: othersPrivateKey } = await registeredKey('supervisor');
    const mine = deviceKey();
    const keyId = (await register(mine.jwk)).json().id;
    const order = await startedOrder();
    const why = async (body: object) => (await complete(order, body)).json().issues?.[0]?.message;

    expect(await why(signedOffline(order, othersKeyId, othersPrivateKey, minutesAgo(1)))).toBe(
      'the device key is not registered to you',
    );
    expect(await why(signedOffline(order, keyId, mine.privateKey, minutesAgo(-5)))).toBe(
      'its time is ahead of the server’s clock',
    );
    expect(await why(signedOffline(order, keyId, mine.privateKey, minutesAgo(60)))).toBe(
      'its time is before the device key existed',
    );
    // A key revoked (a lost phone): a technician may not revoke another's, the owner may.
    expect(
      (await send(t, 'DELETE', `/api/signing-keys/${othersKeyId}`, undefined, { as: 'technician' })).statusCode,
    ).toBe(404);
    const revoked = await send(t, 'DELETE', `/api/signing-keys/${keyId}`, undefined, { as: 'technician' });
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    expect(await why(signedOffline(order, keyId, mine.privateKey, new Date().toISOString()))).toBe(
      'the device key was revoked before it signed',
    );
    expect((await t.get(`/api/work-orders/${order.id}`)).json().status).toBe('in_progress');
  });

  it('refuses a signature older than 30 days', async () => {
    const { privateKey, keyId } = await registeredKey();
    // The key existed before the outage; only the signature's age is wrong.
    await t.db.execute(sql`update signing_keys set created_at = now() - interval '60 days' where id = ${keyId}`);
    const order = await startedOrder();
    const res = await complete(order, signedOffline(order, keyId, privateKey, minutesAgo(31 * 24 * 60)));
    expect(res.json().issues).toEqual([{ path: 'signature.offline', message: 'it is more than 30 days old' }]);
  });

  it('takes the password or an offline signature, not both and not neither', async () => {
    const order = await startedOrder();
    const base = { status: 'completed', version: order.version, ...completion };
    const both = await complete(order, {
      ...base,
      signature: {
        meaning: 'performed',
        password: DEMO_PASSWORD,
        offline: { keyId: 1, signedAt: minutesAgo(1), signature: 'A'.repeat(86) },
      },
    });
    expect(both.json().issues).toEqual([
      { path: 'signature.password', message: 'is not sent with a signature made offline' },
    ]);
    const neither = await complete(order, { ...base, signature: { meaning: 'performed' } });
    expect(neither.json().issues).toEqual([{ path: 'signature.password', message: 'is required' }]);
    const badProof = await complete(order, {
      ...base,
      signature: { meaning: 'performed', offline: { keyId: 'x', signedAt: 'yesterday', signature: '!' } },
    });
    expect(badProof.statusCode).toBe(400);
    expect(badProof.json().issues.map((i: { path: string }) => i.path)).toEqual([
      'signature.offline.keyId',
      'signature.offline.signedAt',
      'signature.offline.signature',
    ]);
    expect((await send(t, 'DELETE', '/api/signing-keys/abc', undefined, { as: 'technician' })).statusCode).toBe(400);
  });
});
