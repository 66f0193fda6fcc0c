import type { WorkRequest, WorkRequestStatus, WorkRequestStatusView } from '@common/schemas/requests';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { users, valves, workOrders, workRequests } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import type { StoredFile, StoredFiles } from '../../lib/stored-files';
import { hashToken } from '../../lib/tokens';
import { notFound } from '../../plugins/errors';
import { valveIdentityFields } from '../../presenters/valve-identity';
import { makeThumbnail } from '../photos';

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

const requestRows = (db: Database, where: SQL | undefined) =>
  db
    .select({
      request: workRequests,
      valve: valveIdentityFields,
      requesterName: requester.name,
      deciderName: decider.name,
      workOrderNumber: workOrders.workOrderId,
    })
    .from(workRequests)
    .innerJoin(valves, eq(valves.id, workRequests.valveId))
    .leftJoin(requester, eq(requester.id, workRequests.requestedByUserId))
    .leftJoin(decider, eq(decider.id, workRequests.decidedByUserId))
    .leftJoin(workOrders, eq(workOrders.id, workRequests.workOrderId))
    .where(where)
    .orderBy(desc(workRequests.createdAt), desc(workRequests.id));

function present({
  request: r,
  valve,
  requesterName,
  deciderName,
  workOrderNumber,
}: Awaited<ReturnType<typeof requestRows>>[number]): WorkRequest {
  return {
    id: r.id,
    valve,
    description: r.description,
    name: r.name,
    contact: r.contact,
    photoUrl: r.photoKey ? `/api/requests/${r.id}/photo` : null,
    thumbnailUrl: r.photoKey ? `/api/requests/${r.id}/photo?size=thumbnail` : null,
    source: r.source as WorkRequest['source'],
    requestedBy: r.requestedByUserId === null ? null : { id: r.requestedByUserId, name: requesterName ?? '' },
    status: r.status as WorkRequestStatus,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decidedBy: r.decidedByUserId === null ? null : { id: r.decidedByUserId, name: deciderName ?? '' },
    reason: r.reason,
    workOrder: r.workOrderId !== null && workOrderNumber ? { id: r.workOrderId, workOrderId: workOrderNumber } : null,
  };
}

/** GET /api/requests: the scope's requests, newest first (open ones by default first in the triage screen). */
export async function listRequests(db: Database, scope: Scope, status?: WorkRequestStatus) {
  const rows = await requestRows(db, and(valvesInScope(scope), status ? eq(workRequests.status, status) : undefined));
  return rows.map(present);
}

export async function readRequest(db: Database, scope: Scope, id: number) {
  const [row] = await requestRows(db, and(valvesInScope(scope), eq(workRequests.id, id)));
  if (!row) throw notFound('Work request not found');
  return present(row);
}

/** Where a request photo's thumbnail is kept: beside it, named after it as photos' thumbnails are. */
export const thumbnailKeyOf = (photoKey: string) => photoKey.replace(/\.jpg$/, '-thumb.webp');

const missingPhoto = () => notFound('The request’s photo file is missing from storage');

/**
 * The request's photo (JPEG) or its thumbnail (WebP), for a user who may read the request. A photo kept before
 * thumbnails were (or whose thumbnail is gone) has one made from it on first ask.
 */
export async function requestPhotoFile(
  db: Database,
  scope: Scope,
  id: number,
  size: 'full' | 'thumbnail',
  files: StoredFiles,
): Promise<{ file: StoredFile; contentType: string }> {
  const [row] = await requestRows(db, and(valvesInScope(scope), eq(workRequests.id, id)));
  const key = row?.request.photoKey;
  if (!key) throw notFound('This request has no photo');
  if (size === 'full') {
    const file = await files.get(db, key);
    if (!file) throw missingPhoto();
    return { file, contentType: 'image/jpeg' };
  }
  const kept = await files.get(db, thumbnailKeyOf(key));
  if (kept) return { file: kept, contentType: 'image/webp' };
  const photo = await files.read(db, key);
  if (!photo) throw missingPhoto();
  const thumbnail = await makeThumbnail(photo);
  const facts = { organizationId: row.request.organizationId, contentType: 'image/webp' };
  await files.put(db, thumbnailKeyOf(key), thumbnail, facts);
  return { file: { size: thumbnail.length, body: thumbnail }, contentType: 'image/webp' };
}

export const UNKNOWN_STATUS_LINK = 'This link is not known: check it was copied whole.';

/** The requester's view through their link: the status and the decision, nothing else of the plant. */
export async function requestStatusByLink(db: Database, token: string): Promise<WorkRequestStatusView> {
  const [row] = await requestRows(db, eq(workRequests.statusTokenHash, hashToken(token)));
  if (!row) throw notFound(UNKNOWN_STATUS_LINK);
  const r = row.request;
  return {
    status: r.status as WorkRequestStatus,
    valveTag: row.valve.valveId,
    description: r.description,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    reason: r.reason,
    workOrderNumber: row.workOrderNumber ?? null,
  };
}
