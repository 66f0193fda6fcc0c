import { eq, inArray } from 'drizzle-orm';
import { valveDocuments } from '../../db/schema';
import { type RecordKind, rowsWhere } from '../../lib/record-kinds';
import { findDocument } from './service';

/** Valve documents as a record kind: each shows in its valve's history. */
export const documentRecords: RecordKind = {
  name: 'document',
  inScope: async (db, scope, id) => void (await findDocument(db, scope, id)),
  rowNames: async (db, ids) => {
    const rows = await db
      .select({ id: valveDocuments.id, name: valveDocuments.name })
      .from(valveDocuments)
      .where(inArray(valveDocuments.id, ids));
    return new Map(rows.map((row) => [row.id, `“${row.name}”`]));
  },
  historyOf: {
    valve: (valveId) => [
      rowsWhere(valveDocuments, 'valve_documents', valveDocuments.id, eq(valveDocuments.valveId, valveId)),
    ],
  },
};
