import { z } from 'zod';
import type { Action } from '../permissions';

/*
 * Imports of a plant's registers from a spreadsheet (issue 32, public contract): `POST /api/imports/<kind>?mode=
 * dry-run|apply`, multipart with `file` (CSV or .xlsx) and an optional `mapping` (column → field).
 */

/** The registers that can be imported; each is exported by the domain that owns its records. */
export const IMPORT_KINDS = ['valves', 'relief-tags', 'relief-devices', 'plans', 'users'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Who may import a register: whoever may add and edit one of its records by hand. */
export const IMPORT_PERMISSIONS: Record<ImportKind, Action> = {
  valves: 'valves:edit',
  'relief-tags': 'valves:edit',
  'relief-devices': 'valves:edit',
  plans: 'plans:edit',
  users: 'users:manage',
};

/** A register of tens of thousands of valves is a few MB as CSV; past this it is not a register (413). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export const importQuery = z.object({
  mode: z.enum(['dry-run', 'apply'], { error: 'must be dry-run or apply' }),
});
export type ImportMode = z.infer<typeof importQuery>['mode'];

/** The form's fields besides the file: the mapping as JSON text, `{ "<column>": "<field>" }`. */
export const importFormFields = z.object({
  mapping: z
    .string()
    .max(20_000, { error: 'must be at most 20,000 characters' })
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === '') return undefined;
      try {
        const parsed = z.record(z.string().max(200), z.string().max(100)).safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // Not JSON: the same answer as JSON of the wrong shape, below.
      }
      context.addIssue({ code: 'custom', message: 'must be a JSON object of column name to field name' });
      return z.NEVER;
    }),
});

const rowNumber = z.number().int().positive();

/** The answer of both modes; `row` counts data rows from 1 (the row under the header is row 1). */
export const importReport = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  refused: z.array(z.object({ row: rowNumber, column: z.string(), message: z.string() })),
  changes: z.array(
    z.object({
      row: rowNumber,
      /** The record the row names, by the key people use for it: valve ID, relief tag, serial number, plan title, email. */
      key: z.string(),
      /** The contract's name for the key of a valve import; left out for the other kinds. */
      valveId: z.string().optional(),
      fields: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
    }),
  ),
  /** The rows that make a new record, with the ID they will have. */
  creates: z.array(z.object({ row: rowNumber, key: z.string(), valveId: z.string().optional() })),
  /**
   * The invitation links of the people a users import added (apply only): shown this once, as "add user" shows
   * one, since only their hash is kept. Each is valid for a week.
   */
  invitations: z.array(z.object({ row: rowNumber, email: z.string(), link: z.string() })).optional(),
  /** Why the rows to create cannot be written at all (the plan's valve or plant limit), or null. */
  blockedBy: z.string().nullable(),
  /** Whether the accepted rows were written (apply) or only checked (dry-run). */
  applied: z.boolean(),
  /** The file's column names, in order, and the mapping the rows were read with. */
  columns: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  mappingFrom: z.enum(['request', 'remembered', 'headers']),
  /** The fields a column may map to, with the label the screen shows. */
  fields: z.array(z.object({ name: z.string(), label: z.string(), requiredForNew: z.boolean() })),
  /** The first rows as read, for the mapping's preview. */
  preview: z.array(z.array(z.string())),
});
export type ImportReport = z.infer<typeof importReport>;
