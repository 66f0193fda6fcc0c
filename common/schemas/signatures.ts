import { z } from 'zod';
import { SIGN_OFF_STAGES, SIGNATURE_MEANINGS, WORK_ORDER_PRIORITIES } from '../constants';
import { SIGNABLE_KINDS } from '../record-kinds';
import { text } from './fields';
import { isoDateTime, recordId } from './params';

const meaning = z.enum(SIGNATURE_MEANINGS, { error: 'must be performed, reviewed or approved' });

/** What a signer gives: the password again (never stored) and what the signature means. */
export const signatureInput = z.object({
  password: z
    .string({ error: 'is required' })
    .min(1, { error: 'is required: re-enter your password to sign' })
    .max(200),
  meaning,
});
export type SignatureInput = z.infer<typeof signatureInput>;

/**
 * A signature made on a device with no signal (decisions/121): the device's own key, unlocked there by the signer's
 * password, signed `offlineSignedMessage` (common/offline-signing.ts) at `signedAt`; the server checks it with the
 * key's public half when the queued write arrives.
 */
export const offlineSignatureProof = z.object({
  keyId: z.number({ error: 'must be the id of a signing key' }).int().positive(),
  signedAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' }),
  signature: z
    .string({ error: 'is required' })
    .regex(/^[A-Za-z0-9_-]{86}$/, { error: 'must be a P-256 signature, base64url (86 characters)' }),
});
export type OfflineSignatureProof = z.infer<typeof offlineSignatureProof>;

/** A completion's signature: the password again, or a signature made offline on the signer's device. */
export const completionSignatureInput = z
  .object({
    password: signatureInput.shape.password.optional(),
    meaning,
    offline: offlineSignatureProof.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.offline && input.password !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'is not sent with a signature made offline' });
    } else if (!input.offline && input.password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'is required' });
    }
  });
export type CompletionSignatureInput = z.infer<typeof completionSignatureInput>;

/** A device's signing key for signing offline: its public half as a JWK, registered with the password again. */
const base64url32 = z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{43}$/, {
  error: 'must be a P-256 coordinate, base64url (43 characters)',
});
export const signingKeyBody = z.object({
  password: signatureInput.shape.password,
  publicKey: z.object(
    {
      kty: z.literal('EC', { error: 'must be EC' }),
      crv: z.literal('P-256', { error: 'must be P-256' }),
      x: base64url32,
      y: base64url32,
    },
    { error: 'is required: the public half of the device key, as a JWK' },
  ),
  device: z.string().trim().max(200).optional(),
});
export type SigningKeyBody = z.infer<typeof signingKeyBody>;

export const signingKey = z.object({
  id: z.number(),
  device: z.string().nullable(),
  createdAt: isoDateTime,
  revokedAt: isoDateTime.nullable(),
});
export type SigningKey = z.infer<typeof signingKey>;

/** A change to a signed record: why, signed with the password again (server: signAmendment). */
export const amendmentInput = signatureInput.extend({
  reason: z
    .string({ error: 'is required: say why the signed record changes' })
    .trim()
    .min(3, { error: 'is required: say why the signed record changes' })
    .max(2000),
});
export type AmendmentInput = z.infer<typeof amendmentInput>;

/** Records a signature can be put on: the signable kinds of common/record-kinds.ts. */
const signableKind = z.enum(SIGNABLE_KINDS, { error: `must be one of ${SIGNABLE_KINDS.join(', ')}` });

export const signatureCreateBody = signatureInput
  .extend({
    entityType: signableKind,
    entityId: recordId,
    /** An amendment names the signature it corrects and says what changed. */
    amendsSignatureId: recordId.optional(),
    amendmentText: text(2000).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.amendsSignatureId !== undefined && !body.amendmentText) {
      ctx.addIssue({ code: 'custom', path: ['amendmentText'], message: 'is required to amend a signed record' });
    }
  });
export type SignatureCreateBody = z.infer<typeof signatureCreateBody>;

export const signatureListQuery = z.object({
  entityType: signableKind,
  entityId: recordId,
});

/**
 * What a signature binds (server/src/lib/signed-content.ts): the record's fields under their labels, and each record
 * belonging to it (findings, photos, procedure runs) by id and the hash of its own content.
 */
export const signedContent = z.object({
  kind: z.string(),
  id: z.number(),
  fields: z.record(z.string(), z.unknown()),
  parts: z.record(z.string(), z.array(z.object({ id: z.number(), hash: z.string() }))),
});
export type SignedContent = z.infer<typeof signedContent>;

const shownValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A field that differs from what was signed: its label, the signed value and the value now. */
export const signedChange = z.object({ field: z.string(), signed: shownValue, now: shownValue });
export type SignedChange = z.infer<typeof signedChange>;

/** A signature as shown: printed name, date and time, meaning (in that order, as 21 CFR 11.50 asks). */
export const signature = z.object({
  printedName: z.string(),
  signedAt: isoDateTime,
  meaning,
  id: z.number(),
  kind: z.enum(['signature', 'amendment']),
  amendsSignatureId: z.number().nullable(),
  amendmentText: z.string().nullable(),
  entityType: z.string(),
  entityId: z.number(),
  userId: z.number(),
  /** SHA-256 of the signed content's canonical JSON (RFC 8785); null on signatures made before it was kept. */
  contentHash: z.string().nullable(),
  /**
   * Where the record is read whole (its signatures, its report): how it differs now from what this signature
   * signed; empty while it is the same. A change after signing comes with an amendment that says who and why.
   */
  changesSinceSigning: z.array(signedChange).optional(),
  /** Present on a signature made with no signal on the signer's device (decisions/121): `signedAt` is its clock. */
  signedOffline: z.literal(true).optional(),
});
export type Signature = z.infer<typeof signature>;

const stages = z
  .array(z.enum(SIGN_OFF_STAGES, { error: 'must be complete, approve or close' }))
  .max(3)
  .transform((list) => SIGN_OFF_STAGES.filter((s) => list.includes(s)));

/** Per work order priority, the steps (complete, approve, close) that need a signature in the organization. */
export const signOffRules = z.object(
  Object.fromEntries(WORK_ORDER_PRIORITIES.map((p) => [p, z.array(z.enum(SIGN_OFF_STAGES))])) as Record<
    (typeof WORK_ORDER_PRIORITIES)[number],
    z.ZodArray<z.ZodEnum<{ [K in (typeof SIGN_OFF_STAGES)[number]]: K }>>
  >,
);
export type SignOffRules = z.infer<typeof signOffRules>;
export const signOffRulesBody = z
  .object({ high: stages.optional(), medium: stages.optional(), low: stages.optional() })
  .strict();
