import type { OfflineChanges } from '@common/schemas/offline-sync';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JsonText } from '../../db/json';
import {
  contractorCosts,
  laborEntries,
  maintenanceRecords,
  partMovements,
  photos,
  procedureRuns,
  procedureStepResults,
  valves,
  workOrders,
} from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import type { CostsOf } from '../costs';
import { laborOfWorkOrders } from '../labor';
import { partLinesOfWorkOrders } from '../parts';
import { readRuns } from '../procedures';
import { downtimeOfWorkOrders, failureReportsOf } from '../reliability';
import { valveDetailsOf } from '../valves';
import { workOrderDetailsOf } from '../work-orders';
import { documentIdsInView } from './documents';
import { photoIdsInView, photosOf } from './photos';

/**
 * The cursor is the snapshot's time less this margin: a write whose transaction stamped its rows just before the
 * snapshot but committed after it would otherwise never be sent. Sending a minute's changes twice costs little.
 */
export const CURSOR_MARGIN_MS = 60_000;
/** Completed work stays on the device this long after completion: the "recent" of a technician's round. */
export const RECENT_WORK_DAYS = 90;

export const keptWorkOrder = sql`(${workOrders.status} <> 'completed'
  or ${workOrders.completedAt} > now() - make_interval(days => ${RECENT_WORK_DAYS}))`;

/**
 * A valve's detail shows its work orders (with their overdue flags), records and photos: it changed when any of
 * them did, or when one of its open orders fell due since the cursor.
 */
function valveChangedSince(since: Date): SQL {
  return sql`(${valves.updatedAt} > ${since}
    or exists (select 1 from ${workOrders} where ${workOrders.valveId} = ${valves.id}
      and (${workOrders.updatedAt} > ${since} or ${workOrders.dueDate} between ${since} and now()))
    or exists (select 1 from ${maintenanceRecords} where ${maintenanceRecords.valveId} = ${valves.id}
      and ${maintenanceRecords.createdAt} > ${since})
    or exists (select 1 from ${photos} where ${photos.valveId} = ${valves.id} and ${photos.createdAt} > ${since}))`;
}

function workOrderChangedSince(since: Date): SQL {
  return sql`(${workOrders.updatedAt} > ${since} or ${workOrders.dueDate} between ${since} and now()
    or exists (select 1 from ${maintenanceRecords} where ${maintenanceRecords.workOrderId} = ${workOrders.id}
      and ${maintenanceRecords.createdAt} > ${since})
    or exists (select 1 from ${photos} where ${photos.workOrderId} = ${workOrders.id} and ${photos.createdAt} > ${since})
    or exists (select 1 from ${procedureRuns} left join ${procedureStepResults}
      on ${procedureStepResults.runId} = ${procedureRuns.id} where ${procedureRuns.workOrderId} = ${workOrders.id}
      and (${procedureRuns.createdAt} > ${since} or ${procedureStepResults.updatedAt} > ${since}))
    or exists (select 1 from ${partMovements} where ${partMovements.workOrderId} = ${workOrders.id}
      and ${partMovements.at} > ${since})
    or exists (select 1 from ${laborEntries} where ${laborEntries.workOrderId} = ${workOrders.id}
      and ${laborEntries.updatedAt} > ${since})
    or exists (select 1 from ${contractorCosts} where ${contractorCosts.workOrderId} = ${workOrders.id}
      and ${contractorCosts.createdAt} > ${since}))`;
}

/**
 * The ledger of the changed work orders (issues 33 and 34): part lines, hours, downtime and the failure report as
 * their reads answer them (none: empty lists, null) and the cost the detail carries, so a kept order's parts are
 * issued, hours logged and downtime recorded with no signal, beside what is already there.
 */
async function ledgersOf(db: Database, scope: Scope, workOrderIds: number[], costsOf: CostsOf) {
  const [lines, hours, costs, downtime, failures] = [
    await partLinesOfWorkOrders(db, scope.organizationId, workOrderIds),
    await laborOfWorkOrders(db, scope.organizationId, workOrderIds),
    await costsOf(db, scope, workOrderIds),
    await downtimeOfWorkOrders(db, scope.organizationId, workOrderIds),
    await failureReportsOf(db, scope.organizationId, workOrderIds),
  ];
  return workOrderIds.map((workOrderId) => ({
    workOrderId,
    parts: lines.get(workOrderId) ?? [],
    labor: hours.get(workOrderId) ?? [],
    cost: costs.get(workOrderId),
    downtime: downtime.get(workOrderId) ?? [],
    failure: failures.get(workOrderId) ?? null,
  }));
}

/**
 * The procedures of the changed work orders, as GET /api/work-orders/:id/procedures answers them (none: an empty
 * list), so a kept order's checklist opens and is filled in with no signal (issue 29).
 */
async function procedureRunsOf(db: Database, organizationId: number, workOrderIds: number[]) {
  const withRuns = workOrderIds.length
    ? new Set(
        (
          await db
            .selectDistinct({ id: procedureRuns.workOrderId })
            .from(procedureRuns)
            .where(inArray(procedureRuns.workOrderId, workOrderIds))
        ).map((row) => row.id),
      )
    : new Set<number>();
  const lists = [];
  for (const workOrderId of workOrderIds) {
    lists.push({ workOrderId, runs: withRuns.has(workOrderId) ? await readRuns(db, organizationId, workOrderId) : [] });
  }
  return lists;
}

type Ids = { id: number; changed: boolean }[];
const idsOf = (rows: Ids) => rows.map((row) => row.id);
const changedIds = (rows: Ids) => rows.filter((row) => row.changed).map((row) => row.id);

/**
 * What a device keeps for offline use, as JSON text: the ids of everything the user may see now (so deletions and
 * lost permissions reach the device), and the details of what changed since `since` (everything without it), with
 * the photos of each changed valve and work order so their galleries open offline (thumbnails fetched by the device).
 */
export async function readOfflineChanges(
  db: Database,
  scope: Scope,
  since: Date | null,
  costsOf: CostsOf,
  plant?: string,
): Promise<JsonText<OfflineChanges>> {
  const inView = and(valvesInScope(scope), plant ? eq(valves.plant, plant) : undefined);
  const [{ snapshot }] = await db.select({ snapshot: sql<string>`now()::text` }).from(sql`(select 1) as one`);
  const cursor = new Date(new Date(snapshot).getTime() - CURSOR_MARGIN_MS).toISOString();
  const valveRows: Ids = await db
    .select({ id: valves.id, changed: since ? sql<boolean>`${valveChangedSince(since)}` : sql<boolean>`true` })
    .from(valves)
    .where(inView)
    .orderBy(valves.id);
  const workOrderRows: Ids = await db
    .select({
      id: workOrders.id,
      changed: since ? sql<boolean>`${workOrderChangedSince(since)}` : sql<boolean>`true`,
    })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(and(inView, keptWorkOrder))
    .orderBy(workOrders.id);
  const [valveDetails, workOrderDetails] = [
    await valveDetailsOf(db, scope, changedIds(valveRows)),
    await workOrderDetailsOf(db, scope, changedIds(workOrderRows)),
  ];
  const photoIds = await photoIdsInView(db, inView);
  const documentIds = await documentIdsInView(db, inView);
  const photoList = await photosOf(db, changedIds(valveRows), changedIds(workOrderRows));
  const runs = await procedureRunsOf(db, scope.organizationId, changedIds(workOrderRows));
  const ledgers = await ledgersOf(db, scope, changedIds(workOrderRows), costsOf);
  // Assembled as text: the details are the database's JSON, sent as built (docs/decisions/006).
  return `{"cursor":${JSON.stringify(cursor)},"full":${since === null},"valveIds":${JSON.stringify(
    idsOf(valveRows),
  )},"workOrderIds":${JSON.stringify(idsOf(workOrderRows))},"valves":${valveDetails},"workOrders":${workOrderDetails},"photoIds":${JSON.stringify(photoIds)},"photos":${JSON.stringify(
    photoList,
  )},"documentIds":${JSON.stringify(documentIds)},"procedureRuns":${JSON.stringify(runs)},"ledgers":${JSON.stringify(ledgers)}}` as JsonText<OfflineChanges>;
}
