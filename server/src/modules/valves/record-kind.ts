import type { RecordKind } from '../../lib/record-kinds';
import { ownRow } from '../../lib/record-kinds';
import { assertValveExists } from './service';

/** Valves as a record kind: their history shows the valve's own changes (the domains above add theirs). */
export const valveRecords: RecordKind = {
  name: 'valve',
  inScope: assertValveExists,
  history: (id) => [ownRow('valves', id)],
};
