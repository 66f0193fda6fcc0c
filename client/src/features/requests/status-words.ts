import type { WorkRequestStatusView } from '@common/schemas/requests';
import { REQUEST_TEXTS } from './texts';

const W = REQUEST_TEXTS.words;

/**
 * A request's status as its sender reads it. An approved or merged request always has its work order's number
 * (the server sets both in one transaction); a dash stands in should one ever be missing, never "null".
 */
export function statusWords(view: Pick<WorkRequestStatusView, 'status' | 'reason' | 'workOrderNumber'>): string {
  switch (view.status) {
    case 'open':
      return W.open;
    case 'approved':
      return W.approved(view.workOrderNumber ?? '—');
    case 'merged':
      return W.merged(view.workOrderNumber ?? '—');
    case 'rejected':
      return W.rejected(view.reason ?? '—');
  }
}

/** A work order's title made from a request's description: its first line, cut at a word to fit the title field. */
export function titleFromDescription(description: string, max = 80): string {
  const firstLine = description.trim().split(/\r?\n/, 1)[0].trim();
  if (firstLine.length <= max) return firstLine;
  const cut = firstLine.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
