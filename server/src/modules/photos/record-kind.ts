import { eq } from 'drizzle-orm';
import { photos } from '../../db/schema';
import { type RecordKind, rowsWhere } from '../../lib/record-kinds';
import { findPhoto } from './service';

/** Photos as a record kind: each shows in the history of the valve or the work order it was taken for. */
export const photoRecords: RecordKind = {
  name: 'photo',
  inScope: async (db, scope, id) => void (await findPhoto(db, scope, id)),
  historyOf: {
    valve: (valveId) => [rowsWhere(photos, 'photos', photos.id, eq(photos.valveId, valveId))],
    work_order: (workOrderId) => [rowsWhere(photos, 'photos', photos.id, eq(photos.workOrderId, workOrderId))],
  },
};
