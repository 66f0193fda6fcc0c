import type { SessionUser } from '@common/schemas/auth';
import type { MaintenanceRecord, maintenanceRecordCreateBody } from '@common/schemas/maintenance-records';
import { TEXTS } from '@common/texts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, inTransaction } from '../../db/client';
import { maintenanceRecords, valves } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';
import { maintenanceRecordFields } from '../../presenters/maintenance-records';
import { recordActivity } from '../activity';
import { markValveMaintained, type Replan } from '../valves';

/** Writes a maintenance record; resolves to it as common's maintenanceRecord. */
export async function addMaintenanceRecord(
  db: Database,
  values: typeof maintenanceRecords.$inferInsert,
): Promise<MaintenanceRecord> {
  const [record] = await db.insert(maintenanceRecords).values(values).returning(maintenanceRecordFields);
  return record;
}

const ACTIVITY_OF_TYPE = { inspection: 'inspection_recorded', note: 'note_added' } as const;

/**
 * Maintenance done on a valve outside a work order (rounds, an inspection, a calibration). Anything but a note
 * or an inspection restarts the valve's maintenance interval.
 */
export async function recordMaintenance(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  body: z.infer<typeof maintenanceRecordCreateBody>,
  replan: Replan,
): Promise<MaintenanceRecord> {
  return inTransaction(db, async (tx) => {
    const [valve] = await tx
      .select({ id: valves.id, valveId: valves.valveId, plant: valves.plant })
      .from(valves)
      .where(and(valvesInScope(scope), eq(valves.id, body.valveId)));
    if (!valve) throw notFound(TEXTS.valves.notFound);
    const now = new Date();
    const record = await addMaintenanceRecord(tx, {
      organizationId: scope.organizationId,
      valveId: valve.id,
      type: body.type,
      description: body.description,
      findings: body.findings ?? null,
      actionsPerformed: body.actionsPerformed ?? null,
      performedByUserId: actor.id,
      createdAt: now,
    });
    if (body.type !== 'note' && body.type !== 'inspection') {
      await markValveMaintained(tx, valve.id, now);
      await replan(tx, scope.organizationId, valve.id, now);
    }
    const type =
      body.type === 'note' || body.type === 'inspection' ? ACTIVITY_OF_TYPE[body.type] : 'maintenance_completed';
    await recordActivity(tx, {
      organizationId: scope.organizationId,
      type,
      description: `${valve.valveId}: ${body.type} recorded by ${actor.name}`,
      entityType: 'valve',
      entityId: valve.id,
      plant: valve.plant,
    });
    return record;
  });
}
