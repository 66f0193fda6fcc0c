import { eq } from 'drizzle-orm';
import { valves } from '../../db/schema';
import type { RecordKind } from '../../lib/record-kinds';
import { ownRow } from '../../lib/record-kinds';
import { plantTimeZone } from '../plants';
import { assertValveExists } from './service';

/** Valves as a record kind: their history shows the valve's own changes (the domains above add theirs). */
export const valveRecords: RecordKind = {
  name: 'valve',
  inScope: assertValveExists,
  history: (id) => [ownRow('valves', id)],
  timeZoneOf: async (db, id) => {
    const [row] = await db
      .select({ plant: valves.plant, organizationId: valves.organizationId })
      .from(valves)
      .where(eq(valves.id, id));
    return row ? plantTimeZone(db, row.organizationId, row.plant) : null;
  },
};
