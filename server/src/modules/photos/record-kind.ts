import { and, eq, inArray, isNull } from 'drizzle-orm';
import { photos } from '../../db/schema';
import { type RecordKind, rowsWhere } from '../../lib/record-kinds';
import { findPhoto } from './service';

/** Photos as a record kind: each shows in the history of the valve or the work order it was taken for. */
export const photoRecords: RecordKind = {
  name: 'photo',
  inScope: async (db, scope, id) => void (await findPhoto(db, scope, id)),
  rowNames: async (db, ids) => {
    const rows = await db
      .select({ id: photos.id, description: photos.description })
      .from(photos)
      .where(inArray(photos.id, ids));
    return new Map(rows.map((row) => [row.id, row.description ? `“${row.description}”` : `#${row.id}`]));
  },
  // A work order's photos are part of what its signatures bind: each by its image's hash, taken at upload (photos
  // from before have their stored file's name and size instead).
  signedPartsOf: {
    work_order: (db, workOrderId) =>
      db
        .select({
          id: photos.id,
          Description: photos.description,
          Image: photos.contentHash,
          File: photos.storageKey,
          Size: photos.sizeBytes,
        })
        .from(photos)
        .where(and(eq(photos.workOrderId, workOrderId), isNull(photos.deletedAt)))
        .orderBy(photos.id),
  },
  historyOf: {
    valve: (valveId) => [rowsWhere(photos, 'photos', photos.id, eq(photos.valveId, valveId))],
    work_order: (workOrderId) => [rowsWhere(photos, 'photos', photos.id, eq(photos.workOrderId, workOrderId))],
  },
};
