/**
 * Signing with no signal (issue 29, decisions/121): a device registers the public half of its own signing key after
 * the signer re-entered their password; a completion signed offline carries that key's signature of
 * `offlineSignedMessage`, checked here when the queued write arrives. The private half never leaves the device.
 */
import { createPublicKey, verify } from 'node:crypto';
import { OFFLINE_SIGNATURE_MAX_AGE_DAYS } from '@common/offline-signing';
import { can } from '@common/permissions';
import type { SessionUser } from '@common/schemas/auth';
import type { OfflineSignatureProof, SigningKey, SigningKeyBody } from '@common/schemas/signatures';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signingKeys } from '../../db/schema/signatures';
import { HttpError, notFound } from '../../plugins/errors';
import { checkSignerPassword } from './password';

const keyFields = {
  id: signingKeys.id,
  device: signingKeys.device,
  createdAt: signingKeys.createdAt,
  revokedAt: signingKeys.revokedAt,
};
const present = (row: { id: number; device: string | null; createdAt: Date; revokedAt: Date | null }): SigningKey => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Registers a device's public key for the signer, after the same password check as a signature. */
export async function registerSigningKey(
  db: Database,
  actor: SessionUser,
  body: SigningKeyBody,
  userAgent: string | null,
): Promise<SigningKey> {
  await checkSignerPassword(db, actor, body.password);
  const [row] = await db
    .insert(signingKeys)
    .values({
      organizationId: actor.organizationId,
      userId: actor.id,
      publicKey: body.publicKey,
      device: (body.device || userAgent)?.slice(0, 200) ?? null,
    })
    .returning(keyFields);
  return present(row);
}

/** The signer's own keys, newest first. */
export async function listSigningKeys(db: Database, actor: SessionUser): Promise<SigningKey[]> {
  const rows = await db
    .select(keyFields)
    .from(signingKeys)
    .where(and(eq(signingKeys.organizationId, actor.organizationId), eq(signingKeys.userId, actor.id)))
    .orderBy(desc(signingKeys.id));
  return rows.map(present);
}

/** Revokes a key (a lost phone): its own user's, or any of the organization's for whoever manages users. */
export async function revokeSigningKey(db: Database, actor: SessionUser, id: number): Promise<SigningKey> {
  const own = can(actor.role, 'users:manage') ? undefined : eq(signingKeys.userId, actor.id);
  const where = and(eq(signingKeys.id, id), eq(signingKeys.organizationId, actor.organizationId), own);
  const [revoked] = await db
    .update(signingKeys)
    .set({ revokedAt: new Date() })
    .where(and(where, isNull(signingKeys.revokedAt)))
    .returning(keyFields);
  if (revoked) return present(revoked);
  const [already] = await db.select(keyFields).from(signingKeys).where(where);
  if (!already) throw notFound('Signing key not found');
  return present(already);
}

/** Why an offline signature is refused: the whole write waits on the device, named, for its signer to sign again. */
const refused = (why: string) =>
  new HttpError(400, `The signature made offline was not accepted: ${why}. Nothing was signed; sign again online.`, {
    issues: [{ path: 'signature.offline', message: why }],
  });

const MINUTE = 60_000;

/**
 * Checks a signature made offline: the key is the signer's and was not revoked before it signed, the time is neither
 * ahead of the server's clock nor older than the allowance nor before the key existed, and the signature is the
 * key's over `message`. Returns the key and the moment of signing (the device's).
 */
export async function checkOfflineSignature(
  db: Database,
  actor: SessionUser,
  proof: OfflineSignatureProof,
  message: string,
  now = new Date(),
): Promise<{ keyId: number; signedAt: Date }> {
  const [key] = await db
    .select({ publicKey: signingKeys.publicKey, createdAt: signingKeys.createdAt, revokedAt: signingKeys.revokedAt })
    .from(signingKeys)
    .where(
      and(
        eq(signingKeys.id, proof.keyId),
        eq(signingKeys.userId, actor.id),
        eq(signingKeys.organizationId, actor.organizationId),
      ),
    );
  if (!key) throw refused('the device key is not registered to you');
  const signedAt = new Date(proof.signedAt);
  if (key.revokedAt && key.revokedAt <= signedAt) throw refused('the device key was revoked before it signed');
  if (signedAt.getTime() > now.getTime() + MINUTE) throw refused('its time is ahead of the server’s clock');
  if (signedAt.getTime() < key.createdAt.getTime() - MINUTE) throw refused('its time is before the device key existed');
  if (now.getTime() - signedAt.getTime() > OFFLINE_SIGNATURE_MAX_AGE_DAYS * 86_400_000) {
    throw refused(`it is more than ${OFFLINE_SIGNATURE_MAX_AGE_DAYS} days old`);
  }
  const publicKey = createPublicKey({ key: key.publicKey, format: 'jwk' });
  const signature = Buffer.from(proof.signature, 'base64url');
  const good = verify('sha256', Buffer.from(message, 'utf8'), { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature);
  if (!good) throw refused('it does not match what was sent with it');
  return { keyId: proof.keyId, signedAt };
}
