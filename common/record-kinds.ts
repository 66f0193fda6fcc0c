/**
 * Every kind of record ValveOps keeps, in one list (docs/decisions/095-record-kinds.md). The name is the one the
 * wire already uses for a record's type (activity's and signatures' `entityType`); `path` is its plural in URLs
 * (`/api/history/work-orders/12`); `label` what a history calls it; `table` is where the audit trigger files its changes. `history` marks the kinds
 * with a History tab, `signable` those a signature can be put on. A new domain adds its kind here and exports it
 * from its door (server/src/lib/record-kinds.ts).
 */
export const RECORD_KINDS = {
  valve: { label: 'Valve', path: 'valves', table: 'valves', history: true, signable: false },
  work_order: { label: 'Work order', path: 'work-orders', table: 'work_orders', history: true, signable: true },
  procedure_run: {
    label: 'Procedure run',
    path: 'procedure-runs',
    table: 'procedure_runs',
    history: false,
    signable: true,
  },
  procedure: { label: 'Procedure', path: 'procedures', table: 'procedures', history: true, signable: false },
  maintenance_plan: {
    label: 'Maintenance plan',
    path: 'maintenance-plans',
    table: 'maintenance_plans',
    history: true,
    signable: false,
  },
  relief_test: {
    label: 'Relief valve test',
    path: 'relief-tests',
    table: 'relief_tests',
    history: true,
    signable: true,
  },
  maintenance_record: {
    label: 'Maintenance record',
    path: 'maintenance-records',
    table: 'maintenance_records',
    history: false,
    signable: false,
  },
  photo: { label: 'Photo', path: 'photos', table: 'photos', history: false, signable: false },
  document: { label: 'Document', path: 'documents', table: 'valve_documents', history: false, signable: false },
  part: { label: 'Part', path: 'parts', table: 'parts', history: true, signable: false },
  alarm: { label: 'Alarm', path: 'alarms', table: 'alarms', history: true, signable: false },
  failure_report: {
    label: 'Failure report',
    path: 'failure-reports',
    table: 'work_order_failures',
    history: false,
    signable: false,
  },
} as const;

export type RecordKindName = keyof typeof RECORD_KINDS;
type Kinds = typeof RECORD_KINDS;
type PathOf<K extends RecordKindName> = Kinds[K]['path'];

const names = Object.keys(RECORD_KINDS) as RecordKindName[];

/** The kinds with a History tab, by their URL name (valves, work-orders, ...), in the list's order. */
export type HistoryKindName = { [K in RecordKindName]: Kinds[K]['history'] extends true ? K : never }[RecordKindName];
export type HistoryPath = PathOf<HistoryKindName>;
export const HISTORY_PATHS = names.filter((k) => RECORD_KINDS[k].history).map((k) => RECORD_KINDS[k].path) as [
  HistoryPath,
  ...HistoryPath[],
];

/** The kinds a signature can be put on, by name (work_order, procedure_run). */
export type SignableKindName = {
  [K in RecordKindName]: Kinds[K]['signable'] extends true ? K : never;
}[RecordKindName];
export const SIGNABLE_KINDS = names.filter((k) => RECORD_KINDS[k].signable) as [
  SignableKindName,
  ...SignableKindName[],
];

/** The kind whose URL name is `path` (history URLs name kinds by their plural). */
export function kindOfPath(path: HistoryPath): HistoryKindName {
  return names.find((k) => RECORD_KINDS[k].path === path) as HistoryKindName;
}

/** "a, b or c": the list in an error message. */
export const listInWords = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
