import { replayIntervals } from '@common/relief-valves/intervals';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reliefInstallations, reliefTags, reliefTests } from '../../db/schema';

/**
 * Replays a tag's interval and next due date from the submitted tests of the device on it (API 510 / 576: the
 * interval is the device's, from its own as-received history), so a device swapped in never inherits the removed
 * one's results. A device with no test on file is due at once, from the day it went in; an empty tag keeps the
 * history of what was last tested on it.
 */
export async function replayTag(tx: Database, tagId: number) {
  const [tag] = await tx.select().from(reliefTags).where(eq(reliefTags.id, tagId)).for('update');
  const [installed] = await tx
    .select({ deviceId: reliefInstallations.deviceId, installedOn: reliefInstallations.installedOn })
    .from(reliefInstallations)
    .where(and(eq(reliefInstallations.tagId, tagId), isNull(reliefInstallations.removedOn)));
  const history = await tx
    .select({ testedOn: reliefTests.testedOn, asFound: reliefTests.asFoundResult })
    .from(reliefTests)
    .where(
      and(
        installed ? eq(reliefTests.deviceId, installed.deviceId) : eq(reliefTests.tagId, tagId),
        eq(reliefTests.status, 'submitted'),
      ),
    )
    .orderBy(asc(reliefTests.testedOn), asc(reliefTests.id));
  const plan = {
    rule: tag.intervalRule as 'fixed' | 'risk-based',
    intervalMonths: tag.intervalMonths,
    maxIntervalMonths: tag.maxIntervalMonths,
  };
  const judged = history.filter((h) => h.asFound === 'pass' || h.asFound === 'fail');
  const replay = replayIntervals(
    plan,
    judged.map((h) => ({ testedOn: h.testedOn, asFound: h.asFound as 'pass' | 'fail' })),
  );
  const untested = installed && !judged.length;
  const set = untested
    ? {
        currentIntervalMonths: tag.intervalMonths,
        intervalReason: `Installed ${installed.installedOn} with no test on file: due for test`,
        lastTestedOn: null,
        nextDueOn: installed.installedOn,
      }
    : {
        currentIntervalMonths: replay.intervalMonths,
        intervalReason: replay.reason,
        lastTestedOn: replay.lastTestedOn,
        nextDueOn: replay.nextDueOn,
      };
  await tx
    .update(reliefTags)
    .set({ ...set, version: tag.version + 1, updatedAt: new Date() })
    .where(eq(reliefTags.id, tag.id));
  return tag;
}
