import { SAMPLE_VALVE_IDS } from '@common/constants';

const LAST_KEY = 'valveops.simulated-scan';

/** The sample valve after `last` in the demo's order, the first after the last or when none was scanned yet. */
export function sampleAfter(last: string | null): { valveId: string; position: number } {
  const index = (SAMPLE_VALVE_IDS.indexOf(last as (typeof SAMPLE_VALVE_IDS)[number]) + 1) % SAMPLE_VALVE_IDS.length;
  return { valveId: SAMPLE_VALVE_IDS[index], position: index + 1 };
}

/**
 * Simulate Scan walks the demo's sample valves in order (issue 29: a random one could open the same valve twice
 * and never show the others), remembered for the browser tab.
 */
export function nextSimulatedScan(storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage) {
  const next = sampleAfter(storage.getItem(LAST_KEY));
  storage.setItem(LAST_KEY, next.valveId);
  return next;
}
