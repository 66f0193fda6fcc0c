import type { ProcedureBody } from '@common/schemas/procedures';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  maintenanceRecords,
  procedureRuns,
  procedureStepResults,
  procedures,
  procedureVersions,
  signatures,
  users,
  valves,
  workOrders,
} from '../db/schema';
import type { SeededRandom } from '../lib/seeded-random';

/** The demo plant's procedures, written as a maintenance engineer would, keyed by the valve type they fit. */
export const DEMO_PROCEDURES: { valveType: string; body: Required<ProcedureBody> }[] = [
  {
    valveType: 'Globe Valve',
    body: {
      name: 'Control valve stroke test',
      description: 'Full-stroke test of a control valve and its positioner, with the loop in manual.',
      corrective: 'offer',
      signOff: ['complete', 'approve'],
      steps: [
        { key: 'permit', type: 'check', label: 'Loop in manual, operations informed, permit signed' },
        { key: 'supply', type: 'number', label: 'Instrument air supply pressure', unit: 'bar', lower: 5.5, upper: 7 },
        { key: 'open-time', type: 'number', label: 'Stroke time, closed to open', unit: 's', lower: 2, upper: 8 },
        { key: 'close-time', type: 'number', label: 'Stroke time, open to closed', unit: 's', lower: 2, upper: 8 },
        { key: 'travel', type: 'number', label: 'Travel at 50 % signal', unit: '%', lower: 48, upper: 52 },
        {
          key: 'noise',
          type: 'choice',
          label: 'Noise and vibration while stroking',
          options: ['None', 'Slight', 'Heavy'],
        },
        { key: 'restore', type: 'check', label: 'Loop back in auto and stable' },
        { key: 'sign', type: 'signature', label: 'Technician sign-off' },
      ],
    },
  },
  {
    valveType: 'Safety Relief Valve',
    body: {
      name: 'PSV visual inspection',
      description: 'External inspection of a pressure safety valve in service (no lift test).',
      corrective: 'force',
      signOff: ['complete', 'approve'],
      steps: [
        { key: 'seal', type: 'check', label: 'Set pressure seal wire intact' },
        { key: 'tag', type: 'check', label: 'Nameplate and test tag legible and in date' },
        { key: 'isolation', type: 'check', label: 'Inlet and outlet isolation valves locked open' },
        { key: 'weep', type: 'check', label: 'No weeping at the outlet or the bonnet vent' },
        {
          key: 'outlet',
          type: 'choice',
          label: 'Outlet pipe and drain',
          options: ['Clear', 'Partly blocked', 'Blocked'],
        },
        { key: 'notes', type: 'text', label: 'Remarks' },
      ],
    },
  },
  {
    valveType: 'Gate Valve',
    body: {
      name: 'Gate valve packing adjustment',
      description: 'Adjusting the gland packing of a gate valve that weeps at the stem.',
      corrective: 'offer',
      signOff: [],
      steps: [
        {
          key: 'leak-before',
          type: 'choice',
          label: 'Leak at the gland before',
          options: ['None', 'Weeping', 'Dripping', 'Streaming'],
        },
        { key: 'torque', type: 'number', label: 'Gland nut torque applied', unit: 'N·m', lower: 20, upper: 45 },
        { key: 'operate', type: 'check', label: 'Valve operated full stroke by hand afterwards' },
        { key: 'leak-after', type: 'check', label: 'No leak at the gland after adjustment' },
        { key: 'photo', type: 'photo', label: 'Photo of the gland after adjustment' },
      ],
    },
  },
];

type Answer = { key: string; answer: string | null; numberValue: number | null };
const answers = (random: SeededRandom, body: ProcedureBody) =>
  body.steps.flatMap((step): Answer[] => {
    if (step.type === 'check')
      return [{ key: step.key, answer: random.chance(0.08) ? 'fail' : 'pass', numberValue: null }];
    if (step.type === 'number') {
      const lower = step.lower ?? 0;
      const upper = step.upper ?? lower + 10;
      const value =
        Math.round((lower + (upper - lower) * random.between(0.1, random.chance(0.1) ? 1.3 : 0.9)) * 10) / 10;
      return [{ key: step.key, answer: null, numberValue: value }];
    }
    if (step.type === 'choice')
      return [{ key: step.key, answer: step.options[random.chance(0.8) ? 0 : 1], numberValue: null }];
    if (step.type === 'text') return [{ key: step.key, answer: 'Nothing further to note.', numberValue: null }];
    return [];
  });

/**
 * The three procedures, and a run of the right one on the most recent completed work orders of the fitting valve
 * types, filled in and signed by the technician who did the work (signed, so they read as closed records).
 */
export async function seedDemoProcedures(db: Database, organizationId: number, authorId: number, random: SeededRandom) {
  for (const { valveType, body } of DEMO_PROCEDURES) {
    const [procedure] = await db
      .insert(procedures)
      .values({ organizationId, name: body.name })
      .returning({ id: procedures.id });
    const [version] = await db
      .insert(procedureVersions)
      .values({ procedureId: procedure.id, version: 1, ...body, createdByUserId: authorId })
      .returning({ id: procedureVersions.id });
    const done = await db
      .select({ id: workOrders.id, completedAt: workOrders.completedAt, by: users.id, name: users.name })
      .from(workOrders)
      .innerJoin(valves, eq(valves.id, workOrders.valveId))
      .innerJoin(maintenanceRecords, eq(maintenanceRecords.workOrderId, workOrders.id))
      .innerJoin(users, eq(users.id, maintenanceRecords.performedByUserId))
      .where(
        and(
          eq(workOrders.organizationId, organizationId),
          eq(workOrders.status, 'completed'),
          inArray(valves.type, [valveType]),
        ),
      )
      .orderBy(asc(workOrders.completedAt), asc(workOrders.id));
    for (const order of done.slice(-3)) {
      const at = order.completedAt ?? new Date();
      const [run] = await db
        .insert(procedureRuns)
        .values({
          organizationId,
          workOrderId: order.id,
          procedureVersionId: version.id,
          attachedByUserId: order.by,
          createdAt: at,
        })
        .returning({ id: procedureRuns.id });
      const signer = { organizationId, userId: order.by, printedName: order.name, meaning: 'performed', signedAt: at };
      const [stepSignature] = body.steps.some((s) => s.type === 'signature')
        ? await db
            .insert(signatures)
            .values({ ...signer, entityType: 'procedure_run', entityId: run.id })
            .returning({ id: signatures.id })
        : [];
      const rows: (typeof procedureStepResults.$inferInsert)[] = answers(random, body).map((a) => {
        const step = body.steps.find((s) => s.key === a.key);
        const failed =
          a.answer === 'fail' ||
          (step?.type === 'number' &&
            a.numberValue !== null &&
            ((step.lower != null && a.numberValue < step.lower) || (step.upper != null && a.numberValue > step.upper)));
        return {
          runId: run.id,
          stepKey: a.key,
          answer: a.answer,
          numberValue: a.numberValue,
          failed,
          recordedByUserId: order.by,
          recordedAt: at,
        };
      });
      const signStep = body.steps.find((s) => s.type === 'signature');
      if (signStep && stepSignature) {
        rows.push({
          runId: run.id,
          stepKey: signStep.key,
          signatureId: stepSignature.id,
          recordedByUserId: order.by,
          recordedAt: at,
        });
      }
      await db.insert(procedureStepResults).values(rows);
      await db.insert(signatures).values({ ...signer, entityType: 'work_order', entityId: order.id });
    }
  }
}
