import { z } from 'zod';
import { WORK_ORDER_PRIORITIES } from '../constants';
import { required, text } from './fields';
import { isoDateTime, recordId } from './params';
import { plantName } from './plants';
import { userRef } from './users';
import { valveIdentity } from './valve-identity';

/*
 * Work requests (issue 34). PUBLIC CONTRACT: POST /api/requests (a work request), also from a public page reached
 * by the valve's QR label with no account (/r/<label token>): { description, photo?, name?, contact? }; GET
 * /api/requests, POST /api/requests/:id/approve (becomes a work order) and /reject { reason }. The rest is ours.
 */

export const WORK_REQUEST_STATUSES = ['open', 'approved', 'merged', 'rejected'] as const;
export type WorkRequestStatus = (typeof WORK_REQUEST_STATUSES)[number];

/** A photo sent as a data URL (JPEG, PNG, WebP or HEIC), about 10 MB of image at most. */
export const MAX_REQUEST_PHOTO_CHARS = 14_000_000;
const photoDataUrl = z
  .string({ error: 'must be a data URL of an image' })
  .max(MAX_REQUEST_PHOTO_CHARS, { error: 'is too large: send a photo of at most about 10 MB' })
  .regex(/^data:image\/(jpeg|png|webp|heic|heif);base64,[A-Za-z0-9+/=\s]+$/, {
    error: 'must be a data URL of a JPEG, PNG, WebP or HEIC image (data:image/jpeg;base64,...)',
  });

/**
 * A request: from the label's page with its `labelToken` and no account, or from a signed-in user with `valveId`.
 * The requester's name and contact are theirs to give.
 */
export const workRequestBody = z
  .object({
    labelToken: z.string().trim().min(1, { error: 'is required' }).max(100, { error: 'is not a label' }).optional(),
    valveId: recordId.optional(),
    description: required(2000),
    photo: photoDataUrl.nullish(),
    name: text(120).nullish(),
    contact: text(200).nullish(),
  })
  .refine((body) => body.labelToken !== undefined || body.valveId !== undefined, {
    path: ['valveId'],
    error: 'is required (or the labelToken of the valve’s request QR)',
  });
export type WorkRequestBody = z.infer<typeof workRequestBody>;

/** What the requester gets back: where to follow the request, and nothing of the plant. */
export const workRequestReceipt = z.object({
  id: z.number(),
  status: z.enum(WORK_REQUEST_STATUSES),
  /** The requester's link (/r/status/<token>): the request's status, without signing in. */
  statusPath: z.string(),
});
export type WorkRequestReceipt = z.infer<typeof workRequestReceipt>;

/** The label's page: which valve the QR names (its tag, as printed on the label), and nothing else. */
export const requestLabel = z.object({ valveTag: z.string() });

/** The requester's view by their link. */
export const workRequestStatusView = z.object({
  status: z.enum(WORK_REQUEST_STATUSES),
  valveTag: z.string(),
  description: z.string(),
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  /** The work order's number once approved or merged. */
  workOrderNumber: z.string().nullable(),
});
export type WorkRequestStatusView = z.infer<typeof workRequestStatusView>;

export const workRequest = z.object({
  id: z.number(),
  valve: valveIdentity,
  description: z.string(),
  name: z.string().nullable(),
  contact: z.string().nullable(),
  /** GET /api/requests/:id/photo when a photo came with it. */
  photoUrl: z.string().nullable(),
  /** The same photo small (`?size=thumbnail`, WebP), for lists. */
  thumbnailUrl: z.string().nullable(),
  source: z.enum(['label', 'app']),
  requestedBy: userRef.nullable(),
  status: z.enum(WORK_REQUEST_STATUSES),
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  decidedBy: userRef.nullable(),
  reason: z.string().nullable(),
  workOrder: z.object({ id: z.number(), workOrderId: z.string() }).nullable(),
});
export type WorkRequest = z.infer<typeof workRequest>;

export const workRequestListQuery = z.object({
  status: z.enum(WORK_REQUEST_STATUSES, { error: `must be one of: ${WORK_REQUEST_STATUSES.join(', ')}` }).optional(),
});

/** Approving raises a work order with the request's text (and its photo); the title and priority may be set. */
export const approveRequestBody = z.object({
  title: required(200).optional(),
  priority: z.enum(WORK_ORDER_PRIORITIES, { error: 'must be high, medium or low' }).default('medium'),
  assignedToUserId: recordId.nullable().optional(),
});
export type ApproveRequestBody = z.infer<typeof approveRequestBody>;

/** Merging adds the request to an open work order of the same valve. */
export const mergeRequestBody = z.object({ workOrderId: recordId });

export const rejectRequestBody = z.object({ reason: required(500) });

/** A plant's label sheet: every valve's request QR in one read. */
export const requestLinksQuery = z.object({ plant: plantName });

/** The valve's request QR: its page's path (/r/<token>), printed beside the lookup QR. */
export const requestLink = z.object({ valveId: z.number(), token: z.string(), path: z.string() });
export type RequestLink = z.infer<typeof requestLink>;
