import { eq } from 'drizzle-orm';
import { alarms, valves } from '../../db/schema';
import { ownRow, type RecordKind } from '../../lib/record-kinds';
import { plantTimeZone } from '../plants';
import { readAlarm } from './service';

/**
 * An alarm as a record kind: its history is who acknowledged or shelved it, why and until when, when it was
 * suppressed and lifted, when it returned to normal (the audit trigger on the alarms table records each change).
 */
export const alarmRecords: RecordKind = {
  name: 'alarm',
  inScope: async (db, scope, id) => void (await readAlarm(db, scope, id)),
  history: (id) => [ownRow('alarms', id)],
  timeZoneOf: async (db, id) => {
    const [row] = await db
      .select({ organizationId: valves.organizationId, plant: valves.plant })
      .from(alarms)
      .innerJoin(valves, eq(valves.id, alarms.valveId))
      .where(eq(alarms.id, id));
    return row ? plantTimeZone(db, row.organizationId, row.plant) : null;
  },
};
