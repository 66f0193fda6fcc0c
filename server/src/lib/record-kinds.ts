import type { SignOffStage } from '@common/constants';
import type { RecordKindName } from '@common/record-kinds';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { Scope } from './scope';

/**
 * Audit rows of one table that belong to a record's history: one row (`rowId`), or the rows whose ids a subquery
 * yields as text (`rowIds`).
 */
export type HistoryRows = { table: string } & ({ rowId: string } | { rowIds: SQL });

/**
 * A kind of record, as the domain that owns it describes it (docs/decisions/095-record-kinds.md). app.ts hands the
 * kinds to the cross-cutting domains (audit, signatures, notifications), which therefore read no other domain's
 * tables: a new domain joins history and signatures by exporting its kind and listing it in app.ts.
 */
export type RecordKind = {
  name: RecordKindName;
  /** Throws the record's 404 unless it exists inside the scope (its organization, and a limited user's plants). */
  inScope(db: Database, scope: Scope, id: number): Promise<void>;
  /**
   * Whether a deleted record, as it last was (its row as the audit trail kept it), was in the scope: its history
   * stays readable to those who could read the record. Kinds whose records are never deleted leave it out.
   */
  deletedInScope?(db: Database, scope: Scope, row: Record<string, unknown>): Promise<boolean>;
  /** The audit rows of the record and of the parts it owns (a procedure's versions). */
  history?(id: number): HistoryRows[];
  /** Rows of this kind that hang off a record of another kind and show in that record's history (its photos). */
  historyOf?: Partial<Record<RecordKindName, (id: number) => HistoryRows[]>>;
  /**
   * A signable kind's fields as a signature binds them, under the labels a reader knows them by ("Title"): what
   * an amendment changes and the report prints beside the signed value (lib/signed-content.ts).
   */
  signedFields?(db: Database, id: number): Promise<Record<string, unknown>>;
  /**
   * Records of this kind that belong to a signed record of another kind (a work order's photos), each as its
   * fields with its `id`: the signature binds each one's hash.
   */
  signedPartsOf?: Partial<Record<RecordKindName, (db: Database, id: number) => Promise<Record<string, unknown>[]>>>;
  /** The IANA zone of the record's plant: its history's times are the plant's. Kinds of no one plant leave it out. */
  timeZoneOf?(db: Database, id: number): Promise<string | null>;
  /** What the records of this kind (its table's rows, by id) are called in a history: a document's name. */
  rowNames?(db: Database, ids: number[]): Promise<Map<number, string>>;
  /** Whether records of this kind on a work order ask for a signature at a stage of it (a procedure's run). */
  asksSignOff?(db: Database, workOrderId: number, stage: SignOffStage): Promise<boolean>;
};

/** The audit row of the record itself. */
export const ownRow = (name: string, id: number): HistoryRows => ({ table: name, rowId: String(id) });

/** The audit rows of `table` (filed under `name`) whose rows meet `where`: a valve's photos, a run's results. */
export const rowsWhere = (table: PgTable, name: string, id: AnyColumn, where: SQL): HistoryRows => ({
  table: name,
  rowIds: sql`select ${id}::text from ${table} where ${where}`,
});

/** The kind named `name` among `kinds`; every name of the common list must be given by some domain. */
export function kindNamed(kinds: readonly RecordKind[], name: RecordKindName): RecordKind {
  const kind = kinds.find((k) => k.name === name);
  if (!kind) throw new Error(`No domain gives the record kind ${name}: export it and list it in app.ts`);
  return kind;
}

/** Whether records on a work order ask for a signature at a stage of it. */
export type SignOffAsks = (db: Database, workOrderId: number, stage: SignOffStage) => Promise<boolean>;

/** Whether any kind's records on the work order ask for a signature at `stage`. */
export const signOffAskedBy =
  (kinds: readonly RecordKind[]): SignOffAsks =>
  async (db, workOrderId, stage) => {
    for (const kind of kinds) if (await kind.asksSignOff?.(db, workOrderId, stage)) return true;
    return false;
  };
