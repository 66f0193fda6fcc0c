import { ownRow, type RecordKind } from '../../lib/record-kinds';
import { reliefTestInScope } from './scope';

/** Relief valve test records as a record kind: in scope by their tag's plant (a spare's test by its device's). */
export const reliefTestRecords: RecordKind = {
  name: 'relief_test',
  inScope: async (db, scope, id) => void (await reliefTestInScope(db, scope, id)),
  history: (id) => [ownRow('relief_tests', id)],
};
