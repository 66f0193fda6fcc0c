import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alarms, valves } from '../../db/schema';
import type { Notice } from '../notifications';

/**
 * How long an unacknowledged alarm of each priority waits before the plant's people are told under the bell:
 * critical and high at once, medium when nobody in the control room acknowledged it within 15 minutes, low never
 * (the list shows it). An acknowledged, shelved or suppressed alarm tells nobody.
 */
export const ALARM_NOTICE_AFTER_MINUTES = { critical: 0, high: 0, medium: 15 } as const;

export async function alarmNotices(db: Database, now: Date): Promise<Notice[]> {
  const due = (priority: keyof typeof ALARM_NOTICE_AFTER_MINUTES) =>
    and(
      eq(alarms.priority, priority),
      lte(alarms.lastRaisedAt, new Date(now.getTime() - ALARM_NOTICE_AFTER_MINUTES[priority] * 60_000)),
    );
  const rows = await db
    .select({
      organizationId: alarms.organizationId,
      id: alarms.id,
      priority: alarms.priority,
      description: alarms.description,
      tag: valves.valveId,
      plant: valves.plant,
    })
    .from(alarms)
    .innerJoin(valves, eq(valves.id, alarms.valveId))
    .where(
      and(
        isNull(alarms.acknowledgedAt),
        isNull(alarms.clearedAt),
        isNull(alarms.suppressedReason),
        or(isNull(alarms.shelvedUntil), lte(alarms.shelvedUntil, now)),
        or(due('critical'), due('high'), due('medium')),
        // Raised in the last day: a sweep after a long outage does not ring for last week's alarms.
        gt(alarms.lastRaisedAt, new Date(now.getTime() - 24 * 3600_000)),
      ),
    );
  return rows.map((a) => ({
    organizationId: a.organizationId,
    to: { plant: a.plant },
    kind: 'alarm',
    // One notice per alarm and priority: a chattering alarm does not ring again, a worse priority does.
    key: `alarm:${a.id}:${a.priority}`,
    title: `${a.tag}: ${a.priority} priority alarm`,
    body: `${a.description} Not acknowledged yet.`,
    link: '/alarms',
  }));
}
