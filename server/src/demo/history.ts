import type { MaintenanceRecordType } from '@common/constants';
import type { SeededRandom } from '../lib/seeded-random';
import { WORK_ORDER_TASKS } from './catalog';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type ValveFacts = { id: number; type: string; status: string; lastMaintenance: number };

export type WorkOrderSpec = {
  valveId: number;
  title: string;
  description: string;
  status: 'pending' | 'in_progress' | 'completed';
  priority: 'high' | 'medium' | 'low';
  dueDate: Date;
  completedAt: Date | null;
  createdAt: Date;
  overdueNotifiedAt: Date | null;
  assignedToUserId: number | null;
  createdByUserId: number;
};

export type RecordSpec = {
  valveId: number;
  workOrderIndex: number | null;
  type: MaintenanceRecordType;
  description: string;
  findings: string | null;
  actionsPerformed: string | null;
  performedByUserId: number;
  createdAt: Date;
};

const FINDINGS = [
  'No external leakage. Packing in good condition.',
  'Minor weeping at gland, within limits.',
  'Light surface corrosion on bonnet bolts.',
  'Stroke time 4% slower than baseline.',
  'Seat passing slightly on downstream temperature check.',
];
const ACTIONS = [
  'Adjusted packing gland one flat; cleaned and lubricated stem.',
  'Wire-brushed and coated bolts; re-torqued to specification.',
  'Replaced packing set; stroked valve three times, no leakage.',
  'Calibrated positioner; verified position feedback at 0/50/100%.',
  'Lapped seat and disc; seat test passed.',
];

/** Work orders around today: every status and priority, due dates from three weeks ago to a month ahead. */
export function makeWorkOrders(
  random: SeededRandom,
  valve: ValveFacts,
  count: number,
  people: { technicians: number[]; supervisors: number[] },
  now: number,
): WorkOrderSpec[] {
  const tasks = [...WORK_ORDER_TASKS.common, ...(WORK_ORDER_TASKS[valve.type] ?? [])];
  return Array.from({ length: count }, () => {
    const task = random.pick(tasks);
    const status = random.weighted([
      ['pending', 35],
      ['in_progress', 25],
      ['completed', 40],
    ] as const);
    // Finished work was mostly due in the past weeks; open work is due from three weeks ago to a month ahead.
    const dueDate = new Date(now + random.int(-21, status === 'completed' ? 3 : 30) * DAY + random.int(8, 16) * HOUR);
    const createdAt = new Date(Math.min(dueDate.getTime(), now) - random.int(3, 30) * DAY);
    // Finished a few days either side of the due date, and never later than a few hours ago.
    const completedAt =
      status === 'completed'
        ? new Date(Math.min(now - random.int(1, 30) * HOUR, dueDate.getTime() + random.int(-5, 2) * DAY))
        : null;
    return {
      valveId: valve.id,
      title: task.title,
      description: task.description,
      status,
      priority: random.weighted([
        ['high', 25],
        ['medium', 50],
        ['low', 25],
      ] as const),
      dueDate,
      completedAt: completedAt && completedAt < createdAt ? new Date(createdAt.getTime() + DAY) : completedAt,
      createdAt,
      overdueNotifiedAt: status !== 'completed' && dueDate.getTime() < now ? dueDate : null,
      assignedToUserId: random.chance(0.85) ? random.pick(people.technicians) : null,
      createdByUserId: random.pick(people.supervisors),
    };
  });
}

/**
 * Each order's number WO-<year>-<seq>, counted per year in the order raised (two raised at the same instant in
 * the order given), and the last number of each year for the organization's sequence.
 */
export function numberByYear(raised: Date[]): { numbers: string[]; last: Map<number, number> } {
  const last = new Map<number, number>();
  const numbers: string[] = [];
  const order = raised.map((_, i) => i).sort((a, b) => raised[a].getTime() - raised[b].getTime() || a - b);
  for (const i of order) {
    const year = raised[i].getUTCFullYear();
    const next = (last.get(year) ?? 0) + 1;
    last.set(year, next);
    numbers[i] = `WO-${year}-${String(next).padStart(4, '0')}`;
  }
  return { numbers, last };
}

/** Past maintenance of a valve, its latest entry on its lastMaintenance date. */
export function makeHistory(random: SeededRandom, valve: ValveFacts, technicians: number[]): RecordSpec[] {
  const count = random.int(1, 4);
  return Array.from({ length: count }, (_, i) => {
    const type =
      i === 0 ? 'preventive' : random.pick(['inspection', 'preventive', 'corrective', 'calibration', 'note'] as const);
    const when = valve.lastMaintenance - i * random.int(60, 120) * DAY + random.int(8, 15) * HOUR;
    const isNote = type === 'note';
    return {
      valveId: valve.id,
      workOrderIndex: null,
      type,
      description: isNote
        ? 'Operator reported unusual noise during start-up; monitor on rounds.'
        : `${capitalise(type)} maintenance per the valve's procedure.`,
      findings: isNote ? null : random.pick(FINDINGS),
      actionsPerformed: isNote ? null : random.pick(ACTIONS),
      performedByUserId: random.pick(technicians),
      createdAt: new Date(when),
    };
  });
}

/** The record a completed work order leaves behind. */
export function completionRecord(
  random: SeededRandom,
  order: WorkOrderSpec,
  index: number,
  technicians: number[],
): RecordSpec {
  return {
    valveId: order.valveId,
    workOrderIndex: index,
    type: order.title.toLowerCase().includes('inspection') ? 'inspection' : 'corrective',
    description: `Completed: ${order.title}.`,
    findings: random.pick(FINDINGS),
    actionsPerformed: random.pick(ACTIONS),
    performedByUserId: order.assignedToUserId ?? random.pick(technicians),
    createdAt: order.completedAt ?? order.createdAt,
  };
}

/** Inspections recorded earlier today, so the dashboard's 'Inspections Today' reflects live rounds. */
export function todaysInspection(
  random: SeededRandom,
  valveId: number,
  technicians: number[],
  now: number,
): RecordSpec {
  const startOfDay = Math.floor(now / DAY) * DAY;
  return {
    valveId,
    workOrderIndex: null,
    type: 'inspection',
    description: 'Routine operator rounds inspection.',
    findings: random.pick(FINDINGS),
    actionsPerformed: 'Visual check, leak check with soap solution, position verified.',
    performedByUserId: random.pick(technicians),
    createdAt: new Date(Math.max(startOfDay, now - random.int(10, 240) * 60_000)),
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
