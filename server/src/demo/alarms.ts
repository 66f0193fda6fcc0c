/**
 * Two weeks of the control room's alarms in the first organization (issue 35), so the alarm list and the weekly
 * performance page show a plant at work: a steady trickle of condition episodes on most plants, and in the last
 * full week one flood (a feed pump trip in Power Plant A: 13 alarms in 9 minutes), one chattering valve, one stale
 * alarm (active 30 hours) and one shelved. The episodes are stored as the engine stores its own; the alarms are
 * raised from them by the alarms domain's sync and acknowledged through its commands, at their own times.
 */
import type { SessionUser } from '@common/schemas/auth';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { alarms, anomalyEpisodes } from '../db/schema';
import type { SeededRandom } from '../lib/seeded-random';
import { acknowledgeAlarm, mondayOf, shelveAlarm, syncAlarms } from '../modules/alarms';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Who acknowledges in the demo's control room: the organization's first supervisor (id and names filled in). */
export const DEMO_OPERATOR = { name: 'Demo control room', email: '', role: 'supervisor', demo: true, plants: [] };

type DemoValve = { id: number; valveId: string; plant: string };
type DemoEpisode = { valve: DemoValve; start: number; end: number; severity: 'low' | 'medium' | 'high' | 'critical' };

const CHANNEL_CHANGES = [
  { channel: 'temperature', direction: 'up', change: 6.2, changeUnit: '°F', text: 'temperature +6.2 °F' },
  { channel: 'vibration', direction: 'up', change: 48, changeUnit: '%', text: 'vibration +48%' },
  { channel: 'pressure', direction: 'down', change: -7.5, changeUnit: '%', text: 'pressure −7.5%' },
] as const;

function episodeRow(organizationId: number, e: DemoEpisode, k: number, now: number) {
  const change = CHANNEL_CHANGES[k % CHANNEL_CHANGES.length];
  return {
    organizationId,
    valveId: e.valve.id,
    start: new Date(e.start),
    end: new Date(e.end),
    severity: e.severity,
    channels: [change],
    description: `${change.text} against the reference.`,
    fault: null,
    computedAt: new Date(now),
  };
}

/** The episodes of the two weeks before `now`: background, then the last full week's flood, chatter and stale one. */
function demoEpisodes(random: SeededRandom, valves: readonly DemoValve[], now: number) {
  const episodes: DemoEpisode[] = [];
  const severity = () =>
    random.weighted([
      ['low', 50],
      ['medium', 30],
      ['high', 15],
      ['critical', 5],
    ] as const);
  // The chattering and the stale valve have no other episode, so theirs stand alone.
  const [chatterValve, staleValve] = valves.filter((v) => v.plant !== 'Power Plant A');
  const rest = valves.filter((v) => v !== chatterValve && v !== staleValve);
  // A small demo (a test's few valves) shares them out as it can.
  const others = rest.length ? rest : valves;
  for (let day = 14; day >= 1; day--) {
    for (let n = random.int(3, 9); n > 0; n--) {
      const start = now - day * DAY + random.int(0, DAY - 6 * HOUR);
      episodes.push({
        valve: random.pick(others),
        start,
        end: start + random.int(10, 300) * MINUTE,
        severity: severity(),
      });
    }
  }
  const monday = Date.parse(`${mondayOf(undefined, new Date(now))}T00:00:00Z`);
  const inPlantA = valves.filter((v) => v.plant === 'Power Plant A');
  const plantA = inPlantA.length ? inPlantA : valves;
  const tripAt = monday + 2 * DAY + 10 * HOUR + 20 * MINUTE;
  // Transients of the trip, each valve's back to normal within seconds (a plant of few valves repeats them).
  for (let k = 0; k < 13; k++) {
    const start = tripAt + k * 40_000;
    episodes.push({ valve: plantA[k % plantA.length], start, end: start + 20_000, severity: 'high' });
  }
  const chatterAt = monday + 3 * DAY + 14 * HOUR;
  for (let k = 0; chatterValve && k < 5; k++) {
    episodes.push({
      valve: chatterValve,
      start: chatterAt + k * 12_000,
      end: chatterAt + k * 12_000 + 8_000,
      severity: 'medium',
    });
  }
  const staleAt = monday + 4 * DAY + 2 * HOUR;
  if (staleValve) episodes.push({ valve: staleValve, start: staleAt, end: staleAt + 30 * HOUR, severity: 'medium' });
  return { episodes: episodes.sort((a, b) => a.start - b.start), staleAt };
}

export async function seedDemoAlarms(
  db: Database,
  options: {
    organizationId: number;
    valves: readonly DemoValve[];
    operator: SessionUser;
    random: SeededRandom;
    now: number;
  },
): Promise<void> {
  const { organizationId, random, now } = options;
  if (!options.valves.length) return;
  const { episodes, staleAt } = demoEpisodes(random, options.valves, now);
  await db.insert(anomalyEpisodes).values(episodes.map((e, k) => episodeRow(organizationId, e, k, now)));
  // The sync looks back a week: once as of a week ago, once now, as the recomputes would have run.
  await syncAlarms(db, organizationId, null, new Date(now - 7 * DAY));
  await syncAlarms(db, organizationId, null, new Date(now));
  const scope = { organizationId, plants: null };
  const raised = await db
    .select({ id: alarms.id, raisedAt: alarms.raisedAt })
    .from(alarms)
    .where(eq(alarms.organizationId, organizationId))
    .orderBy(asc(alarms.raisedAt), asc(alarms.id));
  for (const [k, alarm] of raised.entries()) {
    const raisedAt = alarm.raisedAt.getTime();
    if (raisedAt === staleAt) {
      // The stale one: shelved while its transmitter waits for a new one, acknowledged when the shelf ran out.
      const shelvedAt = new Date(raisedAt + 3 * MINUTE);
      const reason = 'Transmitter known faulty; replacement booked on the day shift';
      await shelveAlarm(db, scope, options.operator, alarm.id, { minutes: 8 * 60, reason }, shelvedAt);
      await acknowledgeAlarm(db, scope, options.operator, alarm.id, new Date(raisedAt + 8 * HOUR + 5 * MINUTE));
      continue;
    }
    // Most within minutes of being raised, some after they returned; the latest two not yet.
    if (k >= raised.length - 2) continue;
    const soon = random.int(1, 100) <= 85;
    const at = Math.min(now, raisedAt + (soon ? random.int(1, 25) * MINUTE : 2 * HOUR));
    await acknowledgeAlarm(db, scope, options.operator, alarm.id, new Date(at));
  }
}
