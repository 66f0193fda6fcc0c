/**
 * Signing with no signal (issue 29, decisions/121). While online, after the user typed their password (sign-in, or a
 * signature made online), the device makes an ECDSA P-256 key pair, keeps the private half wrapped by a key derived
 * from that password (PBKDF2, AES-GCM), and registers the public half with the server. Offline, the password typed
 * to sign unwraps it (a wrong one fails there and then) and it signs the completion; the server checks the signature
 * when the queued completion arrives. The password itself is never stored or queued.
 */
import { type OfflineSignedCompletion, offlineSignedMessage, SIGNING_TEXTS } from '@common/offline-signing';
import type { OfflineSignatureProof, SigningKey } from '@common/schemas/signatures';
import { apiSend, HttpError } from '../http';
import { offlineDb } from './offline-db';

/** OWASP Password Storage Cheat Sheet (2023): PBKDF2-HMAC-SHA256 at 600,000 iterations. */
const PBKDF2_ITERATIONS = 600_000;
const CURVE = { name: 'ECDSA', namedCurve: 'P-256' } as const;

type StoredSigningKey = { keyId: number; salt: Uint8Array; iv: Uint8Array; wrapped: ArrayBuffer };

/** Kept beside the kept reads (offlineData), one per user of the device; "Clear" on /offline removes it too. */
const storeKey = (userId: number) => `/api/signing-keys/device/${userId}`;

export const OFFLINE_SIGNING_TEXTS = {
  noKey:
    'This device cannot sign offline for you yet: sign in once with a signal (or sign a completion online), then it can.',
  noCrypto: 'This browser cannot sign offline: complete without the password now, or sign when back online.',
  wrongPassword: SIGNING_TEXTS.wrongPassword,
};

const canSign = () => typeof crypto !== 'undefined' && crypto.subtle !== undefined;

async function storedKey(userId: number): Promise<StoredSigningKey | undefined> {
  return (await (await offlineDb()).get('offlineData', storeKey(userId)))?.data as StoredSigningKey | undefined;
}

async function passwordKey(password: string, salt: Uint8Array): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', salt: salt as BufferSource, iterations: PBKDF2_ITERATIONS, hash: 'SHA-256' },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

/** The private key, or null when the password does not unwrap it (AES-GCM's tag fails). */
async function unlock(stored: StoredSigningKey, password: string): Promise<CryptoKey | null> {
  try {
    return await crypto.subtle.unwrapKey(
      'pkcs8',
      stored.wrapped,
      await passwordKey(password, stored.salt),
      { name: 'AES-GCM', iv: stored.iv as BufferSource },
      CURVE,
      false,
      ['sign'],
    );
  } catch {
    return null;
  }
}

/**
 * Makes sure this device can sign offline for the user: keeps the key it has when the password unwraps it, else
 * makes, registers and keeps a new one. Called in the background after the password was accepted online.
 */
export async function ensureSigningKey(userId: number, password: string): Promise<void> {
  if (!canSign()) return;
  const stored = await storedKey(userId);
  if (stored && (await unlock(stored, password))) return;
  const pair = await crypto.subtle.generateKey(CURVE, true, ['sign', 'verify']);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const wrapped = await crypto.subtle.wrapKey('pkcs8', pair.privateKey, await passwordKey(password, salt), {
    name: 'AES-GCM',
    iv,
  });
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const registered = await apiSend<SigningKey>('POST', '/api/signing-keys', {
    password,
    publicKey: { kty, crv, x, y },
    device: navigator.userAgent.slice(0, 200),
  });
  if (!registered) return;
  const key: StoredSigningKey = { keyId: registered.id, salt, iv, wrapped };
  await (await offlineDb()).put('offlineData', {
    key: storeKey(userId),
    data: key,
    timestamp: Date.now(),
    synced: true,
  });
}

/** A refusal the signing form shows at the password field, as the server's own 400 would be. */
const refusal = (message: string) =>
  new HttpError(400, `400: ${JSON.stringify({ message, issues: [{ path: 'signature.password', message }] })}`);

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** Signs a completion on the device now, with the key the password unwraps; refuses (as a 400) when it cannot. */
export async function signOffline(
  completion: Omit<OfflineSignedCompletion, 'signedAt'>,
  password: string,
): Promise<OfflineSignatureProof> {
  if (!canSign()) throw refusal(OFFLINE_SIGNING_TEXTS.noCrypto);
  const stored = await storedKey(completion.userId);
  if (!stored) throw refusal(OFFLINE_SIGNING_TEXTS.noKey);
  const key = await unlock(stored, password);
  if (!key) throw refusal(OFFLINE_SIGNING_TEXTS.wrongPassword);
  const signedAt = new Date().toISOString();
  const message = new TextEncoder().encode(offlineSignedMessage({ ...completion, signedAt }));
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, message);
  return { keyId: stored.keyId, signedAt, signature: base64url(signature) };
}
