import type { DowntimeInput, FailureInput } from '@common/schemas/reliability';
import type { ApiIssue } from '@/lib/api-error';
import { fromLocalInput } from '@/lib/local-time';
import { RELIABILITY_TEXTS } from './texts';

/** A downtime row as typed: datetime-local values and the reason. */
export type DowntimeRow = { startedAt: string; endedAt: string; reason: string };

/** The failure section of the Complete form as typed: '' is "not chosen". */
export type FailureDraft = {
  mode: string;
  mechanism: string;
  cause: string;
  remedy: string;
  detectedBy: string;
  failedAt: string;
};

export type CompletionDraft = { failure: FailureDraft; downtime: DowntimeRow[] };

/** What the section adds to the completion's body, with its fields' paths and its own issues. */
export type CompletionPart = {
  body: { failure?: FailureInput; downtime?: DowntimeInput[] };
  issues: ApiIssue[];
  fields: string[];
};

export const EMPTY_FAILURE: FailureDraft = {
  mode: '',
  mechanism: '',
  cause: '',
  remedy: '',
  detectedBy: '',
  failedAt: '',
};
export const EMPTY_ROW: DowntimeRow = { startedAt: '', endedAt: '', reason: '' };

export const FAILURE_FIELDS = ['mode', 'mechanism', 'cause', 'remedy', 'detectedBy', 'failedAt'] as const;
const ROW_FIELDS = ['startedAt', 'endedAt', 'reason'] as const;

/** The failure report a draft means: none without a mode; a code not chosen and an empty time are left out. */
export function failureOf(draft: FailureDraft): FailureInput | undefined {
  if (!draft.mode) return undefined;
  return {
    mode: draft.mode,
    ...(draft.mechanism && { mechanism: draft.mechanism }),
    ...(draft.cause && { cause: draft.cause }),
    ...(draft.remedy && { remedy: draft.remedy }),
    ...(draft.detectedBy && { detectedBy: draft.detectedBy }),
    ...(draft.failedAt && { failedAt: fromLocalInput(draft.failedAt) }),
  };
}

const isBlank = (row: DowntimeRow) => !row.startedAt && !row.endedAt && !row.reason.trim();

/**
 * What the failure and downtime part of a completion sends, with the fields' contract paths (in drawing order, so
 * each message lands on its field) and the form's own issues: a row left wholly empty is no period and is dropped;
 * a row half filled says which of its fields is missing (the contract would only say "must be an ISO 8601 date").
 * Row paths keep their place among the rows sent, since that is how the server names them.
 */
export function completionPart(draft: CompletionDraft): CompletionPart {
  const failure = failureOf(draft.failure);
  const fields: string[] = failure ? FAILURE_FIELDS.map((field) => `failure.${field}`) : ['failure.mode'];
  const issues: ApiIssue[] = [];
  const downtime: DowntimeInput[] = [];
  for (const row of draft.downtime) {
    if (isBlank(row)) continue;
    const index = downtime.length;
    for (const field of ROW_FIELDS) {
      fields.push(`downtime.${index}.${field}`);
      if (!row[field].trim()) {
        issues.push({ path: `downtime.${index}.${field}`, message: RELIABILITY_TEXTS.downtime.required });
      }
    }
    downtime.push({
      startedAt: fromLocalInput(row.startedAt) ?? '',
      endedAt: fromLocalInput(row.endedAt) ?? '',
      reason: row.reason,
    });
  }
  return {
    body: { ...(failure && { failure }), ...(downtime.length > 0 && { downtime }) },
    issues,
    fields,
  };
}

/**
 * Where a row's message shows: the index among the rows sent (blank rows are skipped) for a drawn row, or null
 * for a blank one (it is not sent, so nothing is said of it).
 */
export function sentIndex(rows: readonly DowntimeRow[], drawn: number): number | null {
  if (isBlank(rows[drawn] ?? EMPTY_ROW)) return null;
  return rows.slice(0, drawn).filter((row) => !isBlank(row)).length;
}
