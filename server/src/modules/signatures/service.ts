import { SIGN_OFF_STAGES, type SignOffStage, WORK_ORDER_PRIORITIES } from '@common/constants';
import { type OfflineSignedWords, offlineSignedMessage } from '@common/offline-signing';
import { can } from '@common/permissions';
import type { SignableKindName } from '@common/record-kinds';
import type { SessionUser } from '@common/schemas/auth';
import type {
  OfflineSignatureProof,
  Signature,
  SignatureInput,
  SignedContent,
  SignOffRules,
} from '@common/schemas/signatures';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signatures, signOffPriorities } from '../../db/schema/signatures';
import type { SignOffAsks } from '../../lib/record-kinds';
import { type ContentOf, changesSince, contentHash } from '../../lib/signed-content';
import { HttpError, invalidField, notFound, WrongPassword } from '../../plugins/errors';
import { activeSigner, checkSignerPassword, WRONG_PASSWORD } from './password';
import { checkOfflineSignature } from './signing-keys';

export { WRONG_PASSWORD } from './password';

/** The wire fields of a signature: printed name, date and time, meaning first (the order the record shows). */
export const signatureFields = {
  printedName: signatures.printedName,
  signedAt: signatures.signedAt,
  meaning: signatures.meaning,
  id: signatures.id,
  kind: signatures.kind,
  amendsSignatureId: signatures.amendsSignatureId,
  amendmentText: signatures.amendmentText,
  entityType: signatures.entityType,
  entityId: signatures.entityId,
  userId: signatures.userId,
  contentHash: signatures.contentHash,
  signingKeyId: signatures.signingKeyId,
};

type SignatureRow = { [K in keyof typeof signatureFields]: unknown } & { signedAt: Date; signingKeyId: number | null };
/** The wire form; `signedOffline` only on a signature made with no signal (so online ones read as they always did). */
export const presentSignature = ({ signingKeyId, ...row }: SignatureRow): Signature =>
  ({
    ...row,
    signedAt: row.signedAt.toISOString(),
    ...(signingKeyId !== null && { signedOffline: true }),
  }) as Signature;

export const SIGNED_TWICE = (meaning: string) =>
  `You have already signed this record as ${meaning}: a change to it is an amendment, signed with its reason.`;

/** The signatures on one record of an organization (and meeting `also`). */
const onRecord = (organizationId: number, entityType: string, entityId: number, also?: SQL) =>
  and(
    eq(signatures.organizationId, organizationId),
    eq(signatures.entityType, entityType),
    eq(signatures.entityId, entityId),
    also,
  ) as SQL;

export type SignRequest = Omit<SignatureInput, 'password'> & {
  /** The password again; or, for a completion signed with no signal, the device's proof and the words it signed. */
  password?: string;
  offline?: { proof: OfflineSignatureProof; words: OfflineSignedWords };
  entityType: string;
  entityId: number;
  /** What is signed, as the record's kinds give it (lib/signed-content.ts): kept with the signature, and hashed. */
  content: SignedContent;
  amendsSignatureId?: number;
  amendmentText?: string;
  device?: string | null;
  /**
   * False where one record takes a signature per step (a procedure run's signature steps): otherwise a second
   * signature of the same meaning by the same person is refused.
   */
  oncePerMeaning?: boolean;
};

/**
 * Signs a record as `actor` after checking the password they re-entered (the same argon2 check as sign-in), or the
 * signature their device made with no signal (signing-keys.ts; the signature then bears the device's time and key).
 * Reviewing or approving needs the approve permission. Call it inside the transaction of the change it signs.
 */
export async function signRecord(db: Database, actor: SessionUser, request: SignRequest): Promise<Signature> {
  if (request.meaning !== 'performed' && !can(actor.role, 'records:approve')) {
    throw new HttpError(403, `Your role (${actor.role}) may not sign as ${request.meaning}.`);
  }
  let printedName: string;
  let offline: { keyId: number; signedAt: Date } | undefined;
  if (request.offline) {
    const signer = await activeSigner(db, actor);
    if (!signer) throw new WrongPassword(WRONG_PASSWORD, actor.id);
    printedName = signer.name;
    const { proof, words } = request.offline;
    const message = offlineSignedMessage({
      ...words,
      userId: actor.id,
      entityType: request.entityType,
      entityId: request.entityId,
      meaning: request.meaning,
      signedAt: proof.signedAt,
    });
    offline = await checkOfflineSignature(db, actor, proof, message);
  } else printedName = await checkSignerPassword(db, actor, request.password ?? '');
  // Signatures already on the record that meet `also`: the one an amendment names, or the signer's own.
  const found = (also: SQL) =>
    db
      .select({ id: signatures.id })
      .from(signatures)
      .where(onRecord(actor.organizationId, request.entityType, request.entityId, also))
      .limit(1);
  if (request.amendsSignatureId !== undefined) {
    const [amended] = await found(eq(signatures.id, request.amendsSignatureId));
    if (!amended) throw notFound('Signature to amend not found on this record');
  } else if (request.oncePerMeaning !== false) {
    // A second signature of the same meaning by the same person adds nothing but doubt (issue 27 item 3).
    const [twice] = await found(
      and(
        eq(signatures.userId, actor.id),
        eq(signatures.meaning, request.meaning),
        eq(signatures.kind, 'signature'),
      ) as SQL,
    );
    if (twice) throw new HttpError(409, SIGNED_TWICE(request.meaning));
  }
  const [row] = await db
    .insert(signatures)
    .values({
      organizationId: actor.organizationId,
      entityType: request.entityType,
      entityId: request.entityId,
      userId: actor.id,
      printedName,
      meaning: request.meaning,
      kind: request.amendsSignatureId === undefined ? 'signature' : 'amendment',
      amendsSignatureId: request.amendsSignatureId ?? null,
      amendmentText: request.amendmentText ?? null,
      device: request.device?.slice(0, 200) ?? null,
      signedContent: request.content,
      contentHash: contentHash(request.content),
      ...(offline && { signedAt: offline.signedAt, signingKeyId: offline.keyId }),
    })
    .returning(signatureFields);
  return presentSignature(row);
}

export async function listSignatures(
  db: Database,
  organizationId: number,
  entityType: string,
  entityIds: number[],
): Promise<Signature[]> {
  if (!entityIds.length) return [];
  const rows = await db
    .select(signatureFields)
    .from(signatures)
    .where(
      and(
        eq(signatures.organizationId, organizationId),
        eq(signatures.entityType, entityType),
        inArray(signatures.entityId, entityIds),
      ),
    )
    .orderBy(asc(signatures.signedAt), asc(signatures.id));
  return rows.map(presentSignature);
}

/**
 * Signs a change to a signed record, made in the same transaction just before: an amendment naming the record's
 * last signature and saying why. The signed version stays whole in the signatures before it (issue 27 item 3).
 */
export async function signAmendment(
  db: Database,
  actor: SessionUser,
  request: Omit<SignRequest, 'amendsSignatureId' | 'amendmentText'> & { reason: string },
): Promise<Signature> {
  const [last] = await db
    .select({ id: signatures.id })
    .from(signatures)
    .where(onRecord(actor.organizationId, request.entityType, request.entityId))
    .orderBy(desc(signatures.id))
    .limit(1);
  if (!last) throw invalidField('amendment', 'is only for a signed record: this one is not signed');
  const { reason, ...signing } = request;
  return signRecord(db, actor, { ...signing, amendsSignatureId: last.id, amendmentText: reason });
}

/**
 * A record's signatures with how the record differs now from what each signed (`changesSinceSigning`): read where
 * the record is shown whole, its signatures panel and its report. Signatures made before the content was kept
 * have no changes to show.
 */
export async function signaturesWithChanges(
  db: Database,
  content: ContentOf,
  organizationId: number,
  entityType: SignableKindName,
  entityId: number,
): Promise<Signature[]> {
  const rows = await db
    .select({ ...signatureFields, signedContent: signatures.signedContent })
    .from(signatures)
    .where(onRecord(organizationId, entityType, entityId))
    .orderBy(asc(signatures.signedAt), asc(signatures.id));
  if (!rows.length) return [];
  const now = await content(db, entityType, entityId);
  return rows.map(({ signedContent, ...row }) => ({
    ...presentSignature(row),
    changesSinceSigning: signedContent ? changesSince(signedContent, now) : [],
  }));
}

/** A signed record is closed to edits: it changes only by an amendment, itself signed. */
export async function isSigned(db: Database, organizationId: number, entityType: string, entityId: number) {
  const [row] = await db
    .select({ id: signatures.id })
    .from(signatures)
    .where(onRecord(organizationId, entityType, entityId))
    .limit(1);
  return Boolean(row);
}

export const signedRecord = (what: string) =>
  new HttpError(409, `This ${what} is signed and cannot be edited; add a signed amendment instead.`);

/** 409 when the record is signed: a signed record changes only by a signed amendment. */
export async function refuseIfSigned(db: Database, organizationId: number, kind: SignableKindName, id: number) {
  if (await isSigned(db, organizationId, kind, id)) throw signedRecord(kind.replace('_', ' '));
}

/**
 * Whether a step of a work order (complete, approve, close) needs a signature: the organization signs that step
 * off for the order's priority, or a record on the order asks for it (`asks`: the record kinds' asksSignOff, a
 * procedure run's among them, handed down from app.ts).
 */
export async function signOffRequired(
  db: Database,
  asks: SignOffAsks,
  organizationId: number,
  workOrderId: number,
  priority: string,
  stage: SignOffStage = 'complete',
) {
  const [byPriority] = await db
    .select({ priority: signOffPriorities.priority })
    .from(signOffPriorities)
    .where(
      and(
        eq(signOffPriorities.organizationId, organizationId),
        eq(signOffPriorities.priority, priority),
        eq(signOffPriorities.stage, stage),
      ),
    );
  return Boolean(byPriority) || asks(db, workOrderId, stage);
}

/** The organization's sign-off rules: for each priority, the steps that need a signature. */
export async function readSignOffRules(db: Database, organizationId: number): Promise<SignOffRules> {
  const rows = await db
    .select({ priority: signOffPriorities.priority, stage: signOffPriorities.stage })
    .from(signOffPriorities)
    .where(eq(signOffPriorities.organizationId, organizationId));
  return Object.fromEntries(
    WORK_ORDER_PRIORITIES.map((p) => [
      p,
      SIGN_OFF_STAGES.filter((s) => rows.some((r) => r.priority === p && r.stage === s)),
    ]),
  ) as SignOffRules;
}

/** Replaces the organization's sign-off rules with `rules` (priorities left out keep theirs). */
export async function writeSignOffRules(db: Database, organizationId: number, rules: Partial<SignOffRules>) {
  for (const [priority, stages] of Object.entries(rules)) {
    await db
      .delete(signOffPriorities)
      .where(and(eq(signOffPriorities.organizationId, organizationId), eq(signOffPriorities.priority, priority)));
    if (stages?.length) {
      await db.insert(signOffPriorities).values(stages.map((stage) => ({ organizationId, priority, stage })));
    }
  }
  return readSignOffRules(db, organizationId);
}
