import type { SignableKindName } from '@common/record-kinds';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { signatures } from '../../db/schema/signatures';
import { type HistoryRows, rowsWhere } from '../../lib/record-kinds';

/**
 * The audit rows of the signatures on records of `kind` whose ids `ids` gives (an id, or a subquery of ids): the
 * domain of a signable kind shows them in its records' history.
 */
export const signatureRowsOf = (kind: SignableKindName, ids: SQL): HistoryRows =>
  rowsWhere(
    signatures,
    'signatures',
    signatures.id,
    and(eq(signatures.entityType, kind), sql`${signatures.entityId} in (${ids})`) as SQL,
  );
