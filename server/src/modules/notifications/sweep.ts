import type { Database } from '../../db/client';
import type { Job } from '../../jobs';
import { type NewNotification, notifyUsers, usersOfPlant } from './service';

/** Something a domain finds people must be told now: to named users, or to everyone who works in a plant. */
export type Notice = NewNotification & { organizationId: number; to: number[] | { plant: string } };

/** A domain's reading of its own records for what to tell (work assigned or due, anomalies opened). */
export type NoticeSource = (db: Database, now: Date) => Promise<Notice[]>;

/**
 * Asks each source what people must be told and tells each person once: every notification carries a key of the
 * event, unique per person. Run at start and every minute, so no domain that writes work needs to know about the
 * bell; the sources come from app.ts, so this domain reads no other domain's tables.
 */
export async function sweepNotifications(
  db: Database,
  sources: readonly NoticeSource[],
  now = new Date(),
): Promise<number> {
  let written = 0;
  for (const source of sources) {
    for (const { organizationId, to, ...message } of await source(db, now)) {
      const people = Array.isArray(to) ? to : await usersOfPlant(db, organizationId, to.plant);
      written += await notifyUsers(db, organizationId, people, message);
    }
  }
  return written;
}

/** Every minute on the job queue: one server sweeps, however many run (each notification is written once anyway). */
export const notificationSweepJob = (sources: readonly NoticeSource[]): Job => ({
  name: 'notification-sweep',
  cron: '* * * * *',
  run: (db) => sweepNotifications(db, sources),
});
