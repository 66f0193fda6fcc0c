import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@common/schemas/auth';
import type { ApproveRequestBody, WorkRequestBody, WorkRequestReceipt } from '@common/schemas/requests';
import { and, count, eq, gt } from 'drizzle-orm';
import { type Database, inTransaction } from '../../db/client';
import { valves, workRequests } from '../../db/schema';
import { setAuditActor } from '../../lib/audit';
import { type Scope, valvesInScope } from '../../lib/scope';
import type { StoredFiles } from '../../lib/stored-files';
import { hashToken, newToken } from '../../lib/tokens';
import { conflict, HttpError, notFound } from '../../plugins/errors';
import { processPhoto, uploadPhoto } from '../photos';
import { addToOpenWorkOrder, lockWorkOrderState, raiseWorkOrder } from '../work-orders';
import { valveOfLabel } from './labels';
import { thumbnailKeyOf } from './service';

/**
 * How many requests one label, and one address, may send in an hour: a plant floor's real reports come far below
 * this, a script or a prank above it. Counted in the database, so every server counts the same requests.
 */
export const REQUESTS_PER_LABEL_HOUR = 10;
export const REQUESTS_PER_ADDRESS_HOUR = 20;
const HOUR = 3_600_000;

export const requestStatusPath = (token: string) => `/r/status/${token}`;

async function refuseFlood(db: Database, valveId: number, addressHash: string) {
  const since = new Date(Date.now() - HOUR);
  const [[byLabel], [byAddress]] = await Promise.all([
    db
      .select({ n: count() })
      .from(workRequests)
      .where(and(eq(workRequests.valveId, valveId), gt(workRequests.createdAt, since))),
    db
      .select({ n: count() })
      .from(workRequests)
      .where(and(eq(workRequests.addressHash, addressHash), gt(workRequests.createdAt, since))),
  ]);
  if (byLabel.n >= REQUESTS_PER_LABEL_HOUR || byAddress.n >= REQUESTS_PER_ADDRESS_HOUR) {
    throw new HttpError(429, 'Too many requests from here just now. Try again in an hour, or tell a supervisor.');
  }
}

/**
 * The photo kept with a request, read as an image (metadata and location dropped): stored as a JPEG, with the
 * thumbnail the triage list shows beside it (thumbnailKeyOf).
 */
async function keepPhoto(
  tx: Database,
  files: StoredFiles,
  key: string,
  image: Awaited<ReturnType<typeof processPhoto>>,
  organizationId: number,
) {
  await files.put(tx, key, image.full, { organizationId, contentType: 'image/jpeg' });
  await files.put(tx, thumbnailKeyOf(key), image.thumbnail, { organizationId, contentType: 'image/webp' });
}

/**
 * POST /api/requests: from the label's page (no account: `labelToken`, limited per label and address) or from a
 * signed-in user (`valveId` in their scope). Answers only where to follow it.
 */
export async function submitRequest(
  db: Database,
  from: { user: SessionUser | null; scope: Scope | null; address: string },
  body: WorkRequestBody,
  files: StoredFiles,
): Promise<WorkRequestReceipt> {
  let valve: { valveId: number; organizationId: number };
  if (body.labelToken !== undefined) valve = await valveOfLabel(db, body.labelToken);
  else if (from.user && from.scope && body.valveId !== undefined) {
    const [row] = await db
      .select({ valveId: valves.id, organizationId: valves.organizationId })
      .from(valves)
      .where(and(valvesInScope(from.scope), eq(valves.id, body.valveId)));
    if (!row) throw notFound('Valve not found');
    valve = row;
  } else {
    throw new HttpError(401, 'Sign in to report on a valve by its id, or use the request QR on its label.');
  }
  const addressHash = hashToken(`request-address:${from.address}`);
  if (!from.user) await refuseFlood(db, valve.valveId, addressHash);
  const image = body.photo
    ? await processPhoto(Buffer.from(body.photo.slice(body.photo.indexOf(',') + 1), 'base64'))
    : null;
  const photoKey = image ? `request-${randomUUID()}.jpg` : null;
  const status = newToken();
  try {
    // The photo's files in the request's transaction: with the database store neither stands without the other.
    const id = await inTransaction(db, async (tx) => {
      if (image && photoKey) await keepPhoto(tx, files, photoKey, image, valve.organizationId);
      const [row] = await tx
        .insert(workRequests)
        .values({
          organizationId: valve.organizationId,
          valveId: valve.valveId,
          description: body.description,
          name: body.name ?? from.user?.name ?? null,
          contact: body.contact ?? null,
          photoKey,
          source: body.labelToken !== undefined ? 'label' : 'app',
          requestedByUserId: from.user?.id ?? null,
          addressHash,
          statusTokenHash: status.tokenHash,
        })
        .returning({ id: workRequests.id });
      return row.id;
    });
    return { id, status: 'open', statusPath: requestStatusPath(status.token) };
  } catch (error) {
    await files.abandon(photoKey ? [photoKey, thumbnailKeyOf(photoKey)] : []);
    throw error;
  }
}

/** An open request of the scope, locked while it is decided (404 or 409 otherwise). */
async function openRequest(db: Database, scope: Scope, id: number) {
  const [row] = await db
    .select({ request: workRequests, valveTag: valves.valveId })
    .from(workRequests)
    .innerJoin(valves, eq(valves.id, workRequests.valveId))
    .where(and(valvesInScope(scope), eq(workRequests.id, id)))
    .for('update', { of: workRequests });
  if (!row) throw notFound('Work request not found');
  if (row.request.status !== 'open') throw conflict(`This request was already ${row.request.status}.`);
  return row;
}

const decided = (actor: SessionUser) => ({ decidedAt: new Date(), decidedByUserId: actor.id });

/** Said on the work order when the request's photo is not in the file store (lost or removed by hand). */
export const PHOTO_MISSING_LINE = '(The photo sent with this request could not be found in the file store.)';

/**
 * Approves a request into a new work order with its text (the requester named) and, after, its photo on the order.
 * The order and the decision are one transaction; the photo is copied once they stand (the request keeps its own).
 * The photo is read before the order is raised: one missing from the file store does not stop the work it shows,
 * and the order says so.
 */
export async function approveRequest(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  body: ApproveRequestBody,
  files: StoredFiles,
) {
  const { workOrderId, valveId, bytes } = await inTransaction(db, async (tx) => {
    await setAuditActor(tx, { userId: actor.id });
    const { request, valveTag } = await openRequest(tx, scope, id);
    const bytes = request.photoKey ? await files.read(tx, request.photoKey) : null;
    const by = request.name ? ` by ${request.name}${request.contact ? ` (${request.contact})` : ''}` : '';
    const lost = request.photoKey && !bytes ? `\n${PHOTO_MISSING_LINE}` : '';
    const workOrderId = await raiseWorkOrder(tx, scope, actor, {
      valveId: request.valveId,
      title: body.title ?? `Reported at ${valveTag}: ${request.description.slice(0, 120)}`,
      description: `Work request #${request.id}, reported${by}:\n${request.description}${lost}`,
      priority: body.priority ?? 'medium',
      assignedToUserId: body.assignedToUserId ?? null,
    });
    await tx
      .update(workRequests)
      .set({ status: 'approved', workOrderId, ...decided(actor) })
      .where(eq(workRequests.id, id));
    return { workOrderId, valveId: request.valveId, bytes };
  });
  if (bytes) {
    await uploadPhoto(db, scope, actor, { workOrderId, description: `From work request #${id}` }, bytes, files);
  }
  return { workOrderId, valveId };
}

/** Merges a request into an open work order of its valve: its text is added to the order's description. */
export async function mergeRequest(db: Database, scope: Scope, actor: SessionUser, id: number, workOrderId: number) {
  await inTransaction(db, async (tx) => {
    await setAuditActor(tx, { userId: actor.id });
    const { request } = await openRequest(tx, scope, id);
    const order = await lockWorkOrderState(tx, scope, workOrderId);
    const line = `Work request #${request.id}${request.name ? ` (${request.name})` : ''}: ${request.description}`;
    if (order.valveId !== request.valveId || !['pending', 'in_progress'].includes(order.status)) {
      throw new HttpError(409, 'Merge into an open work order of the same valve.', {
        issues: [{ path: 'workOrderId', message: 'is not an open work order of this valve' }],
      });
    }
    await addToOpenWorkOrder(tx, scope, workOrderId, line);
    await tx
      .update(workRequests)
      .set({ status: 'merged', workOrderId, ...decided(actor) })
      .where(eq(workRequests.id, id));
  });
}

/** Rejects a request with the reason the requester will read. */
export async function rejectRequest(db: Database, scope: Scope, actor: SessionUser, id: number, reason: string) {
  await inTransaction(db, async (tx) => {
    await setAuditActor(tx, { userId: actor.id });
    await openRequest(tx, scope, id);
    await tx
      .update(workRequests)
      .set({ status: 'rejected', reason, ...decided(actor) })
      .where(eq(workRequests.id, id));
  });
}
