import {
  FAILURE_CODE_KIND_LABELS,
  type FailureCodeKind,
  STANDARD_FAILURE_CODES,
  type StandardFailureCode,
} from '@common/failure-codes';
import type { FailureCode, FailureCodeBody, FailureCodeTables, FailureInput } from '@common/schemas/reliability';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { failureCodes } from '../../db/schema';
import { HttpError, refuseDuplicate } from '../../plugins/errors';

/** Each kind's codes by upper-case code: ISO 14224's, then the organization's own. */
export type CodeBook = Record<FailureCodeKind, Map<string, FailureCode>>;

const standard = (code: StandardFailureCode): FailureCode => ({ ...code, standard: true });

export async function codeBookOf(db: Database, organizationId: number): Promise<CodeBook> {
  const own = await db
    .select({
      kind: failureCodes.kind,
      code: failureCodes.code,
      label: failureCodes.label,
      description: failureCodes.description,
    })
    .from(failureCodes)
    .where(eq(failureCodes.organizationId, organizationId))
    .orderBy(failureCodes.kind, failureCodes.code);
  const book = Object.fromEntries(
    Object.entries(STANDARD_FAILURE_CODES).map(([kind, codes]) => [
      kind,
      new Map(codes.map((code) => [code.code.toUpperCase(), standard(code)])),
    ]),
  ) as CodeBook;
  for (const { kind, ...code } of own)
    book[kind as FailureCodeKind].set(code.code.toUpperCase(), { ...code, standard: false });
  return book;
}

/** GET /api/failure-codes: every table, the standard codes first. */
export async function failureCodeTables(db: Database, organizationId: number): Promise<FailureCodeTables> {
  const book = await codeBookOf(db, organizationId);
  const list = (kind: FailureCodeKind) => [...book[kind].values()];
  return {
    modes: list('mode'),
    mechanisms: list('mechanism'),
    causes: list('cause'),
    remedies: list('remedy'),
    detectionMethods: list('detection'),
  };
}

/** An organization's own code; a standard code's or an existing code's name is a 409 on `code`. */
export async function addFailureCode(db: Database, organizationId: number, body: FailureCodeBody) {
  const code = body.code.trim();
  const taken = (message: string) =>
    new HttpError(409, `The ${FAILURE_CODE_KIND_LABELS[body.kind]} code ${code} ${message}.`, {
      issues: [{ path: 'code', message }],
    });
  const known = STANDARD_FAILURE_CODES[body.kind].some((c) => c.code.toUpperCase() === code.toUpperCase());
  if (known) throw taken('is a standard ISO 14224 code');
  await refuseDuplicate(
    () =>
      db.insert(failureCodes).values({
        organizationId,
        kind: body.kind,
        code,
        label: body.label,
        description: body.description ?? '',
      }),
    taken('is already one of your organization’s codes'),
  );
  return { code, label: body.label, description: body.description ?? '', standard: false } satisfies FailureCode;
}

const FIELDS = [
  ['mode', 'mode'],
  ['mechanism', 'mechanism'],
  ['cause', 'cause'],
  ['remedy', 'remedy'],
  ['detectedBy', 'detection'],
] as const satisfies readonly (readonly [keyof FailureInput, FailureCodeKind])[];

/** The given codes as the book spells them; one not in it is a 400 naming the field (`failure.mode`). */
export function checkCodes(book: CodeBook, failure: FailureInput, at: string) {
  const issues: { path: string; message: string }[] = [];
  const spelled: Partial<Record<(typeof FIELDS)[number][0], string | null>> = {};
  for (const [field, kind] of FIELDS) {
    const given = failure[field];
    if (given === undefined || given === null) {
      spelled[field] = null;
      continue;
    }
    const known = book[kind].get(String(given).toUpperCase());
    if (known) spelled[field] = known.code;
    else {
      issues.push({
        path: at ? `${at}.${field}` : field,
        message: `is not a ${FAILURE_CODE_KIND_LABELS[kind]} code (GET /api/failure-codes lists them)`,
      });
    }
  }
  if (issues.length) {
    throw new HttpError(400, `Unknown failure code: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`, {
      issues,
    });
  }
  return {
    mode: spelled.mode as string,
    mechanism: spelled.mechanism ?? null,
    cause: spelled.cause ?? null,
    remedy: spelled.remedy ?? null,
    detectedBy: spelled.detectedBy ?? null,
  };
}

/** A code's label, or the code itself when it is no longer in the book. */
export const labelOf = (book: CodeBook, kind: FailureCodeKind, code: string | null) =>
  code === null ? null : (book[kind].get(code.toUpperCase())?.label ?? code);
