/*
 * Reliability figures from a valve's failures and downtime (issue 34; formulas and a worked example in
 * docs/analytics.md, "Failures, MTBF and MTTR"). Pure: the service reads the rows, this counts.
 *
 * - Operating time is the time in service in the window less the downtime in it. In service from the window's
 *   start, or from when the valve is first known (added to ValveOps, or its first recorded failure or downtime,
 *   whichever is first) when that is later.
 * - MTBF = operating hours / failures in the window: ISO 14224:2016 Annex C's failure rate estimate (failures over
 *   the aggregated time in service) turned over, as plants state it for repaired items. No failure: null ("no
 *   failure in the period"), never a division by zero.
 * - MTTR = the mean of each failure's time from failure to return to service (ISO 14224 Annex C and IEC 60050-192:
 *   mean time to restoration): returned at the end of its work order's last downtime period, else at completion.
 * - Downtime counts overlapping periods once (the union), so two orders on one outage do not double it.
 */

const HOUR = 3_600_000;
/** A year of operation as reliability data counts it: 365.25 days. */
export const HOURS_PER_YEAR = 8766;

export type Span = { start: number; end: number };
export type FailureFact = { workOrderId: number; failedAt: number; returnedAt: number | null; mode: string };
export type ValveFacts = {
  /** When the valve is first known in service: added to ValveOps, or its first failure or downtime if earlier. */
  inServiceFrom: number;
  failures: readonly FailureFact[];
  /** Every downtime period of the valve that touches the window, of any work order. */
  downtime: readonly Span[];
  /** The cost of each failure's work order. */
  costOf: (workOrderId: number) => number;
};

export type ValveFigures = {
  failures: number;
  operatingHours: number;
  mtbfHours: number | null;
  mttrHours: number | null;
  downtimeHours: number;
  cost: number;
  lastFailureAt: number | null;
  topMode: string | null;
  /** For a group's MTTR: the sum of the repair hours and how many failures had one. */
  repairHours: number;
  repairs: number;
};

/** Figures are given to the hundredth (hours, money). */
export const round2 = (value: number) => Math.round(value * 100) / 100;
/** The hours from one instant (ms) to a later one; none when the later comes first. */
export const hoursBetween = (from: number, to: number) => Math.max(0, (to - from) / HOUR);

/** The hours covered by `spans` inside `window`, overlaps counted once. */
export function unionHours(spans: readonly Span[], window: Span): number {
  const clipped = spans
    .map((s) => ({ start: Math.max(s.start, window.start), end: Math.min(s.end, window.end) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let open: Span | null = null;
  for (const span of clipped) {
    if (open && span.start <= open.end) open.end = Math.max(open.end, span.end);
    else {
      if (open) total += open.end - open.start;
      open = { ...span };
    }
  }
  if (open) total += open.end - open.start;
  return total / HOUR;
}

/** The most frequent mode; of equals, the one that failed last. */
export function topModeOf(failures: readonly FailureFact[]): string | null {
  const counts = new Map<string, { count: number; last: number }>();
  for (const f of failures) {
    const seen = counts.get(f.mode) ?? { count: 0, last: 0 };
    counts.set(f.mode, { count: seen.count + 1, last: Math.max(seen.last, f.failedAt) });
  }
  let best: [string, { count: number; last: number }] | null = null;
  for (const entry of counts) {
    if (!best || entry[1].count > best[1].count || (entry[1].count === best[1].count && entry[1].last > best[1].last)) {
      best = entry;
    }
  }
  return best?.[0] ?? null;
}

/** One valve's figures in `window` (its failures already those that happened in it). */
export function valveFigures(facts: ValveFacts, window: Span): ValveFigures {
  const inService = { start: Math.max(window.start, facts.inServiceFrom), end: window.end };
  const downtimeHours = unionHours(facts.downtime, window);
  const serviceHours = Math.max(0, (inService.end - inService.start) / HOUR);
  const operatingHours = Math.max(0, serviceHours - unionHours(facts.downtime, inService));
  const failures = facts.failures.length;
  const repairs = facts.failures.filter((f) => f.returnedAt !== null);
  const repairHours = repairs.reduce((sum, f) => sum + hoursBetween(f.failedAt, f.returnedAt ?? f.failedAt), 0);
  return {
    failures,
    operatingHours: round2(operatingHours),
    mtbfHours: failures ? round2(operatingHours / failures) : null,
    mttrHours: repairs.length ? round2(repairHours / repairs.length) : null,
    downtimeHours: round2(downtimeHours),
    cost: round2(facts.failures.reduce((sum, f) => sum + facts.costOf(f.workOrderId), 0)),
    lastFailureAt: failures ? Math.max(...facts.failures.map((f) => f.failedAt)) : null,
    topMode: topModeOf(facts.failures),
    repairHours,
    repairs: repairs.length,
  };
}

export type GroupFigures = {
  valves: number;
  failures: number;
  operatingHours: number;
  mtbfHours: number | null;
  mttrHours: number | null;
  downtimeHours: number;
  failuresPerValveYear: number;
  cost: number;
};

/** Valves rolled up: MTBF over the group's operating hours, MTTR over all its repairs, failures per valve-year. */
export function groupFigures(members: readonly ValveFigures[]): GroupFigures {
  const sum = (pick: (v: ValveFigures) => number) => members.reduce((total, v) => total + pick(v), 0);
  const failures = sum((v) => v.failures);
  const operatingHours = sum((v) => v.operatingHours);
  const repairs = sum((v) => v.repairs);
  return {
    valves: members.length,
    failures,
    operatingHours: round2(operatingHours),
    mtbfHours: failures ? round2(operatingHours / failures) : null,
    mttrHours: repairs ? round2(sum((v) => v.repairHours) / repairs) : null,
    downtimeHours: round2(sum((v) => v.downtimeHours)),
    failuresPerValveYear: operatingHours > 0 ? round2(failures / (operatingHours / HOURS_PER_YEAR)) : 0,
    cost: round2(sum((v) => v.cost)),
  };
}

/** Bad actors first: most failures, then the costliest, then the longest down; then by tag. */
export function byBadness<Row extends { failures: number; cost: number; downtimeHours: number; tag: string }>(
  a: Row,
  b: Row,
): number {
  return b.failures - a.failures || b.cost - a.cost || b.downtimeHours - a.downtimeHours || a.tag.localeCompare(b.tag);
}
