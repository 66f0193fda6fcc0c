import type { ReliefSummary, ReliefTag } from '@common/schemas/relief-valves';

const monthEnd = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const today = (now: Date) => now.toISOString().slice(0, 10);

/** The due list's filters (GET /api/relief-valves/tags?plant&dueBy&valveId) over the kept tags, soonest due first. */
export function reliefTagsMatching(tags: ReliefTag[], params: URLSearchParams): ReliefTag[] {
  const plant = params.get('plant');
  const valveId = params.get('valveId');
  const dueBy = params.get('dueBy');
  const last = dueBy ? monthEnd(Number(dueBy.slice(0, 4)), Number(dueBy.slice(5, 7))) : null;
  return tags
    .filter(
      (t) =>
        (!plant || t.plant === plant) &&
        (!valveId || t.valve?.id === Number(valveId)) &&
        (!last || (t.nextDueOn !== null && t.nextDueOn <= last)),
    )
    .sort(
      (a, b) =>
        // The server's order: soonest due first, never-tested (no date) last, then by tag.
        (a.nextDueOn ?? '9999').localeCompare(b.nextDueOn ?? '9999') || a.tag.localeCompare(b.tag),
    );
}

/** The relief summary card (overdue, due this month, all) counted over the kept tags. */
export function reliefSummaryOf(tags: ReliefTag[], now = new Date()): ReliefSummary {
  const on = today(now);
  const end = monthEnd(now.getUTCFullYear(), now.getUTCMonth() + 1);
  return {
    tags: tags.length,
    overdue: tags.filter((t) => t.nextDueOn !== null && t.nextDueOn < on).length,
    dueThisMonth: tags.filter((t) => t.nextDueOn !== null && t.nextDueOn >= on && t.nextDueOn <= end).length,
  };
}
