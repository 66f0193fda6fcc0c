import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@common/schemas/auth';
import type { DeletionBody, DocumentKind, ValveDocument } from '@common/schemas/documents';
import { DOCUMENT_KIND_LABELS } from '@common/schemas/documents';
import { TEXTS } from '@common/texts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { valveDocuments, valves } from '../../db/schema';
import { asActor } from '../../lib/audit';
import { type Scope, valvesInScope } from '../../lib/scope';
import type { StoredFiles } from '../../lib/stored-files';
import { notFound } from '../../plugins/errors';
import { recordActivity } from '../activity';
import { checkImage } from '../photos';
import { documentName, documentType } from './content';
import { findDocument, presentDocument } from './service';

export type DocumentUpload = {
  valveId: number;
  kind: DocumentKind;
  name?: string;
  fileName?: string;
  bytes: Buffer;
  device?: string;
};

/**
 * Checks the bytes, stores them under a generated name and records the document, the file in the record's
 * transaction; it goes again on failure.
 */
export async function uploadDocument(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  upload: DocumentUpload,
  files: StoredFiles,
): Promise<ValveDocument> {
  const [valve] = await db
    .select({ id: valves.id, valveId: valves.valveId, plant: valves.plant })
    .from(valves)
    .where(and(valvesInScope(scope), eq(valves.id, upload.valveId)));
  if (!valve) throw notFound(TEXTS.valves.notFound);
  const type = documentType(upload.bytes);
  // An image is decoded with the photo path's limits: the first bytes alone let a 400 MP PNG bomb in.
  if (type.contentType.startsWith('image/')) await checkImage(upload.bytes);
  const name = documentName(upload.name, upload.fileName, type.extension);
  const storageKey = `${randomUUID()}.${type.extension}`;
  try {
    return await asActor(db, { userId: actor.id, device: upload.device }, async (tx) => {
      const facts = { organizationId: scope.organizationId, contentType: type.contentType };
      await files.put(tx, storageKey, upload.bytes, facts);
      const [row] = await tx
        .insert(valveDocuments)
        .values({
          organizationId: scope.organizationId,
          valveId: valve.id,
          name,
          kind: upload.kind,
          contentType: type.contentType,
          sizeBytes: upload.bytes.length,
          storageKey,
          uploadedBy: actor.id,
        })
        .returning();
      await recordActivity(tx, {
        organizationId: scope.organizationId,
        type: 'document_uploaded',
        description: `${DOCUMENT_KIND_LABELS[upload.kind]} "${name}" added to ${valve.valveId} by ${actor.name}`,
        entityType: 'valve',
        entityId: valve.id,
        plant: valve.plant,
      });
      return presentDocument({ ...row, uploadedBy: actor.name });
    });
  } catch (error) {
    await files.abandon([storageKey]);
    throw error;
  }
}

/**
 * Takes a document off the valve: the row stays with who, when and why (the audit trigger puts that in the
 * valve's history) and the file is no longer served. The bytes stay in storage, as a deleted paper record would
 * stay in the archive, until an operator purges them.
 */
export async function deleteDocument(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  body: DeletionBody,
): Promise<void> {
  const { document, valve } = await findDocument(db, scope, id);
  await db
    .update(valveDocuments)
    .set({ deletedAt: new Date(), deletedBy: actor.id, deletionReason: body.reason })
    .where(eq(valveDocuments.id, document.id));
  await recordActivity(db, {
    organizationId: scope.organizationId,
    type: 'document_deleted',
    description: `${DOCUMENT_KIND_LABELS[document.kind as DocumentKind] ?? 'Document'} "${document.name}" removed from ${valve.valveId} by ${actor.name}: ${body.reason}`,
    entityType: 'valve',
    entityId: valve.id,
    plant: valve.plant,
  });
}
