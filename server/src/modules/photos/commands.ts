import { createHash, randomUUID } from 'node:crypto';
import type { SessionUser } from '@common/schemas/auth';
import type { DeletionBody } from '@common/schemas/documents';
import type { Photo, photoUploadFields } from '@common/schemas/photos';
import { TEXTS } from '@common/texts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { photos, valves, workOrders } from '../../db/schema';
import { asActor } from '../../lib/audit';
import { type Scope, valvesInScope } from '../../lib/scope';
import type { StoredFiles } from '../../lib/stored-files';
import { conflict, notFound } from '../../plugins/errors';
import { recordActivity } from '../activity';
import { refuseIfSigned } from '../signatures';
import { processPhoto } from './processing';
import { findPhoto, presentPhoto } from './service';

/** The valve a photo is about: the one named, or the work order's. 404 when out of scope. */
async function ownerValve(db: Database, scope: Scope, owner: { valveId?: number; workOrderId?: number }) {
  if (owner.valveId !== undefined) {
    const [valve] = await db
      .select({ id: valves.id, valveId: valves.valveId, plant: valves.plant })
      .from(valves)
      .where(and(valvesInScope(scope), eq(valves.id, owner.valveId)));
    if (!valve) throw notFound(TEXTS.valves.notFound);
    return { valve, label: valve.valveId };
  }
  const [row] = await db
    .select({
      valve: { id: valves.id, valveId: valves.valveId, plant: valves.plant },
      workOrderId: workOrders.workOrderId,
      closedAt: workOrders.closedAt,
    })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(and(valvesInScope(scope), eq(workOrders.id, owner.workOrderId ?? 0)));
  if (!row) throw notFound(TEXTS.workOrders.notFound);
  // A closed order is read-only but for notes (issue 29).
  if (row.closedAt) throw conflict('This work order is closed: its photos can no longer change.');
  // A signed work order's photos are part of what was signed: none is added after (issue 27 item 3).
  await refuseIfSigned(db, scope.organizationId, 'work_order', owner.workOrderId ?? 0);
  return { valve: row.valve, label: `${row.workOrderId} (${row.valve.valveId})` };
}

/**
 * Stores an uploaded photo under generated names and records it, the files in the record's transaction; they go again
 * if the record cannot be written.
 */
export async function uploadPhoto(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  fields: z.infer<typeof photoUploadFields>,
  bytes: Buffer,
  files: StoredFiles,
  device?: string,
  /**
   * What a higher domain records with the photo, in the photo's transaction (a procedure's photo step): if it is
   * refused, the photo is not kept either, and its files go.
   */
  alsoRecord?: (tx: Database, photo: Photo) => Promise<unknown>,
): Promise<Photo> {
  const { valve, label } = await ownerValve(db, scope, fields);
  const image = await processPhoto(bytes);
  const base = randomUUID();
  const storageKey = `${base}.jpg`;
  const thumbnailKey = `${base}-thumb.webp`;
  const organizationId = scope.organizationId;
  try {
    // Not a transaction route (the upload is read first, outside any transaction): the actor is named here.
    return await asActor(db, { userId: actor.id, device }, async (tx) => {
      await files.put(tx, storageKey, image.full, { organizationId, contentType: image.contentType });
      await files.put(tx, thumbnailKey, image.thumbnail, { organizationId, contentType: 'image/webp' });
      const [row] = await tx
        .insert(photos)
        .values({
          organizationId: scope.organizationId,
          valveId: fields.valveId ?? null,
          workOrderId: fields.workOrderId ?? null,
          description: fields.description || null,
          storageKey,
          thumbnailKey,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          sizeBytes: image.full.length,
          contentHash: createHash('sha256').update(image.full).digest('hex'),
        })
        .returning();
      await recordActivity(tx, {
        organizationId: scope.organizationId,
        type: 'photo_uploaded',
        description: `Photo of ${label} uploaded by ${actor.name}`,
        entityType: fields.valveId !== undefined ? 'valve' : 'work_order',
        entityId: fields.valveId ?? fields.workOrderId ?? valve.id,
        plant: valve.plant,
      });
      const photo = presentPhoto(row);
      if (alsoRecord) await alsoRecord(tx, photo);
      return photo;
    });
  } catch (error) {
    await files.abandon([storageKey, thumbnailKey]);
    throw error;
  }
}

/**
 * Takes a wrong photo away: the row stays with who, when and why (the audit trigger puts that in the valve's
 * history; the route's transaction has named the actor and device) and the image is no longer served. The files
 * stay in storage until an operator purges them.
 */
export async function deletePhoto(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  body: DeletionBody,
): Promise<void> {
  const { photo, valve, workOrderId } = await findPhoto(db, scope, id);
  if (photo.workOrderId !== null) {
    const [order] = await db
      .select({ closedAt: workOrders.closedAt })
      .from(workOrders)
      .where(eq(workOrders.id, photo.workOrderId));
    if (order?.closedAt) throw conflict('This work order is closed: its photos can no longer change.');
    // A signed work order's photos are part of what was signed: none is taken away after (issue 27 item 3).
    await refuseIfSigned(db, scope.organizationId, 'work_order', photo.workOrderId);
  }
  await db
    .update(photos)
    .set({ deletedAt: new Date(), deletedBy: actor.id, deletionReason: body.reason })
    .where(eq(photos.id, photo.id));
  const label = workOrderId ? `${workOrderId} (${valve.valveId})` : valve.valveId;
  await recordActivity(db, {
    organizationId: scope.organizationId,
    type: 'photo_deleted',
    description: `Photo of ${label} deleted by ${actor.name}: ${body.reason}`,
    entityType: photo.workOrderId ? 'work_order' : 'valve',
    entityId: photo.workOrderId ?? valve.id,
    plant: valve.plant,
  });
}
