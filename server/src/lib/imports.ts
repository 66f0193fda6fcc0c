import type { SessionUser } from '@common/schemas/auth';
import type { ImportKind, ImportReport } from '@common/schemas/imports';
import type { Database } from '../db/client';
import type { Cell } from './cells';
import type { Scope } from './scope';

/*
 * What a domain hands the imports route for a register it owns (issue 32): its fields and how a file's rows become
 * its records. The route reads the file and the mapping; the domain checks and writes, with its own rules.
 */

export type ImportField = {
  name: string;
  /** The column name the screen shows, and the one a file most likely has. */
  label: string;
  /** Other column names registers use for it, matched regardless of case, spaces and punctuation. */
  headers: readonly string[];
  requiredForNew: boolean;
};

/** One data row: each mapped field's cell and the column it came from. */
export type ImportRow = { row: number; cells: ReadonlyMap<string, { column: string; cell: Cell }> };

export type ImportOutcome = Pick<
  ImportReport,
  'rows' | 'create' | 'update' | 'unchanged' | 'refused' | 'changes' | 'creates' | 'blockedBy' | 'invitations'
>;

export type ImportContext = {
  scope: Scope;
  actor: SessionUser;
  fileName: string;
  /** The app's address as the user reached it, for links in the report (invitations). */
  appOrigin: string;
};

export type ImportTarget = {
  kind: ImportKind;
  fields: readonly ImportField[];
  /** A row a new record could have, in the organization's own names: the template's example under its header. */
  example(db: Database, scope: Scope): Promise<Record<string, string>>;
  /** Checks every row; with `write`, writes the accepted ones through `db`, a transaction the caller holds. */
  run(db: Database, context: ImportContext, rows: readonly ImportRow[], write: boolean): Promise<ImportOutcome>;
};

/** "Valve ID", "valve_id" and "ValveID" are one column name. */
export const comparableHeader = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
