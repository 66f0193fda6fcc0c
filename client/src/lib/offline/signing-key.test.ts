import 'fake-indexeddb/auto';
import { createPublicKey, verify } from 'node:crypto';
import { offlineSignedMessage } from '@common/offline-signing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readApiError } from '../api-error';
import { resetOfflineDbForTests } from './offline-db';
import { sendOrQueue } from './offline-write';
import { ensureSigningKey, OFFLINE_SIGNING_TEXTS, signOffline } from './signing-key';
import { listQueue } from './write-queue';

/** The device's half of signing with no signal (decisions/121), against a stand-in server that keeps the keys. */
let registered: { id: number; publicKey: JsonWebKey; password: string }[] = [];
beforeEach(async () => {
  await resetOfflineDbForTests();
  registered = [];
  vi.stubGlobal('navigator', { onLine: true, userAgent: 'Test phone' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      registered.push({ id: registered.length + 1, publicKey: body.publicKey, password: body.password });
      const key = { id: registered.length, device: body.device, createdAt: new Date().toISOString(), revokedAt: null };
      return new Response(JSON.stringify(key), { status: 201, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const completion = {
  userId: 7,
  entityType: 'work_order',
  entityId: 42,
  meaning: 'performed',
  maintenanceType: 'corrective',
  findings: 'Packing worn',
  actionsPerformed: 'Repacked',
};

describe('signing with no signal', () => {
  it('registers one key per password, and signs what the server will rebuild, with the key it registered', async () => {
    await ensureSigningKey(7, 'valveops-demo');
    await ensureSigningKey(7, 'valveops-demo');
    expect(registered.map((r) => [r.id, r.password])).toEqual([[1, 'valveops-demo']]);
    expect(registered[0].publicKey).toEqual({ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String) });

    const proof = await signOffline(completion, 'valveops-demo');
    expect(proof.keyId).toBe(1);
    expect(proof.signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    const message = Buffer.from(offlineSignedMessage({ ...completion, signedAt: proof.signedAt }));
    const key = createPublicKey({ key: registered[0].publicKey as never, format: 'jwk' });
    const signature = Buffer.from(proof.signature, 'base64url');
    expect(verify('sha256', message, { key, dsaEncoding: 'ieee-p1363' }, signature)).toBe(true);
    const changed = Buffer.from(offlineSignedMessage({ ...completion, findings: 'x', signedAt: proof.signedAt }));
    expect(verify('sha256', changed, { key, dsaEncoding: 'ieee-p1363' }, signature)).toBe(false);
  });

  it('refuses at the password field a wrong password or a device with no key for the user', async () => {
    await ensureSigningKey(7, 'valveops-demo');
    const wrong = readApiError(await signOffline(completion, 'valveops-dem0').catch((e) => e));
    expect(wrong).toMatchObject({
      status: 400,
      message: OFFLINE_SIGNING_TEXTS.wrongPassword,
      issues: [{ path: 'signature.password', message: OFFLINE_SIGNING_TEXTS.wrongPassword }],
    });
    const someoneElse = readApiError(await signOffline({ ...completion, userId: 8 }, 'valveops-demo').catch((e) => e));
    expect(someoneElse.message).toBe(OFFLINE_SIGNING_TEXTS.noKey);
  });

  it('makes a new key when the password changed', async () => {
    await ensureSigningKey(7, 'first-password');
    await ensureSigningKey(7, 'second-password');
    expect(registered.map((r) => r.id)).toEqual([1, 2]);
    expect((await signOffline(completion, 'second-password')).keyId).toBe(2);
  });

  it('queues the device’s signature in place of the password, and nothing when signing fails', async () => {
    await ensureSigningKey(7, 'valveops-demo');
    vi.stubGlobal('navigator', { onLine: false });
    const body = { status: 'completed', signature: { meaning: 'performed', password: 'valveops-demo' } };
    const queuedBody = async () => ({
      ...body,
      signature: { offline: await signOffline(completion, 'valveops-demo') },
    });
    await sendOrQueue('POST', '/api/work-orders/42/status', body, { idempotencyKey: 'k1', queuedBody });
    const [queued] = await listQueue();
    expect(queued.body).not.toContain('valveops-demo');
    expect(JSON.parse(queued.body ?? '').signature.offline.keyId).toBe(1);
    const refused = async () => ({ signature: { offline: await signOffline(completion, 'wrong') } });
    await expect(
      sendOrQueue('POST', '/api/work-orders/42/status', body, { idempotencyKey: 'k2', queuedBody: refused }),
    ).rejects.toThrow(/not correct/);
    expect(await listQueue()).toHaveLength(1);
  });
});
