import type { ValveReliability } from '@common/schemas/reliability';

export type ParetoRow = { valveId: number; tag: string; failures: number; cost: number; cumulativePercent: number };

/**
 * The Pareto of failures over the ranked bad actors: each valve's failures and its running share of all failures
 * in scope, to read "these 3 valves are 60% of our failures". `totalFailures` is every failure in the period and
 * filters (the groups' sum), so the line need not end at 100% when only the top valves are shown; without it, or
 * if less than the shown valves' sum, the shown valves are the whole. Percentages to one decimal.
 */
export function paretoRows(valves: readonly ValveReliability[], totalFailures?: number): ParetoRow[] {
  const shown = valves.reduce((sum, valve) => sum + valve.failures, 0);
  const total = Math.max(totalFailures ?? 0, shown);
  let running = 0;
  return valves.map((valve) => {
    running += valve.failures;
    return {
      valveId: valve.valveId,
      tag: valve.valve.valveId,
      failures: valve.failures,
      cost: valve.cost,
      cumulativePercent: total === 0 ? 0 : Math.round((running / total) * 1000) / 10,
    };
  });
}
