/**
 * The demo's preventive plans: what a valve shop runs. Quarterly stroke tests of the ball valves and the safety
 * relief valves at each plant, annual packing inspections of the gate valves, actuator service of the globe valves
 * every 4,380 operating hours (half a year), and a condition plan on the analytics' failure probability. The packing
 * inspections and the actuator service go to a technician with their procedure's checklist, as a supervisor sets
 * plans up once the procedures are written; the rest are assigned as they are raised. The first job run (at start)
 * raises what they make due within their lead.
 */
import { DEMO_PLANT_TIME_ZONES, DEMO_PLANTS, type DemoPlant } from '@common/constants';
import type { PlanCreateBody } from '@common/schemas/maintenance-plans';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { maintenancePlans, procedures } from '../db/schema';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Who a plan's work goes to and which procedure it follows, by the procedure's name (demo/procedures.ts). */
type DemoWork = { technicianId: number; procedureId: (name: string) => number | null };

export function demoPlans(now: number, work: DemoWork): Omit<PlanCreateBody, 'timeZone'>[] {
  const quarterStart = (() => {
    const d = new Date(now);
    return isoDay(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1));
  })();
  const base = { description: '', assignedToUserId: null, procedureId: null, skipIfOpen: true, active: true };
  const plans: Omit<PlanCreateBody, 'timeZone'>[] = DEMO_PLANTS.flatMap((plant, i) => [
    {
      ...base,
      title: `Quarterly stroke test, ball valves, ${plant}`,
      description: 'Stroke open-closed-open; record stroke times and any sticking; check position indication.',
      priority: 'medium' as const,
      target: { plant, valveType: 'Ball Valve' as const },
      // The first Monday of each quarter, counted from the quarter's start.
      trigger: {
        kind: 'calendar' as const,
        rrule: 'FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO',
        startDate: quarterStart,
        countFrom: 'fixed' as const,
      },
      leadDays: 14,
    },
    {
      ...base,
      title: `Quarterly lift test, safety relief valves, ${plant}`,
      priority: 'high' as const,
      target: { plant, valveType: 'Safety Relief Valve' as const },
      trigger: {
        kind: 'calendar' as const,
        every: { count: 3, unit: 'month' as const },
        startDate: isoDay(now + (10 + i * 9) * 86_400_000),
        countFrom: 'completion' as const,
      },
      leadDays: 14,
    },
    {
      ...base,
      title: `Annual packing inspection, gate valves, ${plant}`,
      assignedToUserId: work.technicianId,
      procedureId: work.procedureId('Gate valve packing adjustment'),
      description: 'Inspect packing for leaks and adjust gland nuts to torque; replace packing if adjustment is spent.',
      priority: 'low' as const,
      target: { plant, valveType: 'Gate Valve' as const },
      trigger: {
        kind: 'calendar' as const,
        every: { count: 1, unit: 'year' as const },
        startDate: isoDay(now + (40 + i * 61) * 86_400_000),
        countFrom: 'fixed' as const,
      },
      leadDays: 30,
    },
    {
      ...base,
      title: `Actuator service every 4,380 h, globe valves, ${plant}`,
      assignedToUserId: work.technicianId,
      procedureId: work.procedureId('Control valve stroke test'),
      description: 'Check air supply and filter regulator, positioner calibration, actuator seals and stem coupling.',
      priority: 'medium' as const,
      target: { plant, valveType: 'Globe Valve' as const },
      trigger: { kind: 'meter' as const, meter: 'operating_hours' as const, every: 4380, lead: 240 },
      leadDays: 7,
    },
  ]);
  plans.push({
    ...base,
    title: 'Inspect: failure risk above 30%',
    description: 'Raised when the analytics put the 30-day failure probability at 30% or more.',
    priority: 'high',
    target: { plant: 'Chemical Plant C' },
    trigger: { kind: 'condition', measure: 'failure_probability', threshold: 0.3 },
    leadDays: 3,
  });
  return plans;
}

/**
 * Adds the plans to an organization, written by its supervisor, in each plant's time zone; `technicianId` (one who
 * works at every plant) is given the plans that carry a procedure.
 */
export async function addDemoPlans(
  db: Database,
  organizationId: number,
  people: { supervisorId: number; technicianId: number },
  now: number,
) {
  const written = await db
    .select({ id: procedures.id, name: procedures.name })
    .from(procedures)
    .where(
      and(
        eq(procedures.organizationId, organizationId),
        inArray(procedures.name, ['Gate valve packing adjustment', 'Control valve stroke test']),
      ),
    );
  const procedureId = (name: string) => written.find((p) => p.name === name)?.id ?? null;
  const rows = demoPlans(now, { technicianId: people.technicianId, procedureId }).map((p) => ({
    ...p,
    organizationId,
    createdByUserId: people.supervisorId,
    timeZone: DEMO_PLANT_TIME_ZONES[(p.target.plant ?? 'Power Plant A') as DemoPlant],
    createdAt: new Date(now),
    updatedAt: new Date(now),
  }));
  await db.insert(maintenancePlans).values(rows);
  return rows.length;
}
