import { eq, sql } from 'drizzle-orm';
import { partMovements, partStock } from '../../db/schema';
import { ownRow, type RecordKind, rowsWhere } from '../../lib/record-kinds';
import { partInScope } from './scope';

/**
 * Parts as a record kind: the organization's catalog (not a plant's), whose history shows the part's changes, its
 * ledger and its bins; a work order's history shows the movements made for it.
 */
export const partRecords: RecordKind = {
  name: 'part',
  inScope: async (db, scope, id) => {
    await partInScope(db, scope, id);
  },
  history: (id) => [
    ownRow('parts', id),
    rowsWhere(partMovements, 'part_movements', partMovements.id, eq(partMovements.partId, id)),
    rowsWhere(partStock, 'part_stock', partStock.id, eq(partStock.partId, id)),
  ],
  historyOf: {
    work_order: (id) => [
      rowsWhere(partMovements, 'part_movements', partMovements.id, sql`${partMovements.workOrderId} = ${id}`),
    ],
  },
};
