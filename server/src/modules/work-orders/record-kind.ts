import { sql } from 'drizzle-orm';
import { ownRow, type RecordKind } from '../../lib/record-kinds';
import { signatureRowsOf } from '../signatures';
import { assertWorkOrderExists } from './service';

/** Work orders as a record kind: their history shows the order and its signatures (photos and runs add theirs). */
export const workOrderRecords: RecordKind = {
  name: 'work_order',
  inScope: assertWorkOrderExists,
  history: (id) => [ownRow('work_orders', id), signatureRowsOf('work_order', sql`${id}`)],
};
