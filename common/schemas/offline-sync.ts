import { z } from 'zod';
import { workOrderCost } from './costs';
import { laborEntry } from './labor';
import { workOrderPart } from './parts';
import { photo } from './photos';
import { plantName } from './plants';
import { procedureRun } from './procedures';
import { downtimePeriod, failureReport } from './reliability';
import { valveDetail } from './valves';
import { workOrderDetail } from './work-orders';

/**
 * GET /api/offline/changes: what a device keeps for use with no signal, as a change feed. Without `since` it is
 * the whole set (the first download); with the cursor of the last answer, only what changed after it.
 */
export const offlineChangesQuery = z.object({
  since: z.iso
    .datetime({ offset: true, error: 'since must be the cursor of an earlier answer (an ISO time).' })
    .optional(),
  /** Only this plant's records: a device keeps the plants its user picked, each with its own cursor. */
  plant: plantName.optional(),
});

export const offlineChanges = z.object({
  /** Pass as `since` next time. */
  cursor: z.string(),
  /** True when this is the whole set: the device drops what it kept before. */
  full: z.boolean(),
  /** Every valve and kept work order the user may see now: a kept copy not listed was deleted or is no longer visible. */
  valveIds: z.array(z.number().int()),
  workOrderIds: z.array(z.number().int()),
  /** The details that changed (all of them when `full`), exactly as GET /api/valves/:id and /api/work-orders/:id answer. */
  valves: z.array(valveDetail),
  workOrders: z.array(workOrderDetail),
  /** Every photo of the listed valves and their work orders: a kept photo not listed was deleted, and is dropped. */
  photoIds: z.array(z.number().int()),
  /**
   * The photos of the changed valves and work orders, newest first, each as GET /api/photos lists it (a photo has
   * valveId or workOrderId): the device keeps each gallery's list and the thumbnails; full images only on demand.
   */
  photos: z.array(photo),
  /** Every document of the listed valves: a document file kept on the device and not listed leaves it. */
  documentIds: z.array(z.number().int()),
  /** The procedures of each changed work order, as GET /api/work-orders/:id/procedures answers (none: empty). */
  procedureRuns: z.array(z.object({ workOrderId: z.number().int(), runs: z.array(procedureRun) })),
  /**
   * The ledger of each changed work order (issues 33 and 34): its part lines, hours, downtime and failure report as
   * GET /api/work-orders/:id/parts, /labor, /downtime and /failure answer, and its cost as the detail carries it, so
   * parts are issued, hours logged and downtime recorded with no signal.
   */
  ledgers: z.array(
    z.object({
      workOrderId: z.number().int(),
      parts: z.array(workOrderPart),
      labor: z.array(laborEntry),
      cost: workOrderCost,
      downtime: z.array(downtimePeriod),
      failure: failureReport.nullable(),
    }),
  ),
});

export type OfflineChangesQuery = z.infer<typeof offlineChangesQuery>;
export type OfflineChanges = z.infer<typeof offlineChanges>;

/**
 * GET /api/offline/estimate: what a first download would hold, per plant the user may see, before any of it is
 * sent. The device turns the counts into megabytes with the average size of each record.
 */
export const offlineEstimate = z.object({
  plants: z.array(
    z.object({
      plant: z.string(),
      valves: z.number().int(),
      workOrders: z.number().int(),
      reliefTags: z.number().int(),
    }),
  ),
});
export type OfflineEstimate = z.infer<typeof offlineEstimate>;
