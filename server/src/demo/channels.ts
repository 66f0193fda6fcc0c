/**
 * Demo valves with a control loop's channels (issue 19): the last hour at 1 Hz of upstream and downstream pressure,
 * flow, the positioner's command and the measured travel, actuator supply pressure, motor current and vibration,
 * from the pump-and-valve simulator, so a newcomer sees channels, an anomaly episode and its shaded band on the
 * valve's charts. The first valve has a partial blockage that came and went (the worked example of
 * docs/analytics.md, seed 11); the second runs healthy. Stored through the ingest path, so the rollups are kept
 * as for any stream; the analytics job finds the episode on its first run.
 */
import { QUANTITIES } from '@common/quantities';
import type { Database } from '../db/client';
import { DEFAULT_RUN, simulateRun } from '../modules/analytics';
import { storeIncoming } from '../modules/sensor-readings';

/** The readings of one valve, as the ingest path takes them. */
const BATCH = 10_000;
const HOUR_S = 3600;

/** Both runs are an hour long and end at `now`; the first 20 minutes are healthy (the default reference). */
const RUNS = [
  { seed: 11, faults: 1, faultKinds: ['blockage'] as const },
  { seed: 12, faults: 0, faultKinds: ['blockage'] as const },
];

export async function seedDemoChannels(
  db: Database,
  organizationId: number,
  valves: readonly { id: number; valveId: string }[],
  now: number,
): Promise<number> {
  let stored = 0;
  for (const [i, valve] of valves.slice(0, RUNS.length).entries()) {
    const run = simulateRun({
      ...DEFAULT_RUN,
      ...RUNS[i],
      durationS: HOUR_S,
      referenceS: 1200,
      faultS: [600, 900],
      dwellS: [60, 240],
      start: Math.floor(now / 1000) * 1000 - HOUR_S * 1000,
    });
    const incoming = [];
    for (const c of run.channels) {
      for (let k = 0; k < run.times.length; k++) {
        if (!Number.isFinite(c.values[k])) continue;
        incoming.push({
          index: incoming.length,
          valveId: valve.id,
          tag: valve.valveId,
          name: c.name,
          unit: QUANTITIES[c.quantity].unit,
          timestamp: new Date(run.times[k]),
          value: c.values[k],
        });
      }
    }
    for (let k = 0; k < incoming.length; k += BATCH) {
      await storeIncoming(db, organizationId, incoming.slice(k, k + BATCH));
    }
    stored += incoming.length;
  }
  return stored;
}
