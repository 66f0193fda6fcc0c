import type { ValveType } from '@common/constants';
import type { SeededRandom } from '../lib/seeded-random';
import type { RecordSpec, WorkOrderSpec } from './history';
import { CORRECTIVE_JOBS, INSPECTIONS, type PastJob, PREVENTIVE_MAINTENANCE } from './past-jobs';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Two years of closed work (issue 34 asks for two years of corrective work), from this many days back... */
export const PAST_WORK_DAYS = 730;
/** ...to where the demo's current work (makeWorkOrders, completed in the last few weeks) takes over. */
const PAST_WORK_ENDS_DAYS_AGO = 28;
/** Repairs and inspections per valve in service and working day: about 12 and 3 a month for 64 valves. */
const REPAIRS_PER_VALVE_DAY = 0.009;
const INSPECTIONS_PER_VALVE_DAY = 0.0025;
/** The site's turnaround: three weeks from the 1st of the month seven months back, weekends worked, three times the
 * repairs (the busiest month of the cost chart). */
const TURNAROUND_MONTHS_AGO = 7;
const TURNAROUND_DAYS = 21;
const TURNAROUND_LOAD = 3;

export type ServicedValve = {
  id: number;
  type: string;
  model: string;
  system: string;
  status: string;
  lastMaintenance: number;
  intervalDays: number;
};

/** A work order of the past two years: completed, then approved and closed by a supervisor. */
export type PastWorkOrder = WorkOrderSpec & {
  startedByUserId: number;
  completedByUserId: number;
  approvedAt: Date;
  approvedByUserId: number;
  closedAt: Date;
  closedByUserId: number;
  updatedAt: Date;
};

type Crew = { technicians: number[]; supervisors: number[] };

/**
 * The demo's bad actors (issue 34): one maker's soft-seated ball valve whose seats do not last in the plant's
 * service, and the boiler feedwater's flashing, which erodes the trim of its globe and gate valves: their repairs
 * come back every few months, on top of the plant's ordinary ones.
 */
const CHRONIC_FAILURES: {
  applies: (v: ServicedValve) => boolean;
  title: (v: ServicedValve) => string;
  everyDays: number;
}[] = [
  { applies: (v) => v.model === 'Series 44', title: () => 'Replace seats and seals', everyDays: 70 },
  {
    applies: (v) => v.system === 'Boiler Feedwater' && (v.type === 'Globe Valve' || v.type === 'Gate Valve'),
    title: (v) => (v.type === 'Globe Valve' ? 'Lap plug and seat' : 'Lap wedge and seats'),
    everyDays: 90,
  },
];

/**
 * The past two years of the first demo organization's maintenance (issues 33 and 34): each valve's scheduled PM on its interval,
 * repairs and inspections on working days (many more in the turnaround), every order completed and closed with its
 * maintenance record. Work that services a valve (all but inspections) is done on or before the valve's
 * lastMaintenance, as completing it would have moved that date. Records point at `firstIndex` + the order's place.
 */
export function pastYearsOfWork(
  random: SeededRandom,
  valves: ServicedValve[],
  crew: Crew,
  now: number,
  firstIndex: number,
): { orders: PastWorkOrder[]; records: RecordSpec[] } {
  const inService = valves.filter((v) => v.status !== 'decommissioned');
  const start = Math.floor(now / DAY) * DAY - PAST_WORK_DAYS * DAY;
  const end = Math.floor(now / DAY) * DAY - PAST_WORK_ENDS_DAYS_AGO * DAY;
  const jobs: { valve: ServicedValve; job: PastJob; day: number; planned: boolean }[] = [];
  for (const valve of inService) {
    for (let due = valve.lastMaintenance - valve.intervalDays * DAY; due >= start; due -= valve.intervalDays * DAY) {
      jobs.push({ valve, job: PREVENTIVE_MAINTENANCE, day: toWorkingDay(due), planned: true });
    }
  }
  const today = new Date(now);
  const turnaround = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - TURNAROUND_MONTHS_AGO, 1);
  for (let day = start; day < end; day += DAY) {
    const inTurnaround = day >= turnaround && day < turnaround + TURNAROUND_DAYS * DAY;
    if (!inTurnaround && !isWorkingDay(day)) continue;
    const repairs = inService.length * REPAIRS_PER_VALVE_DAY * (inTurnaround ? TURNAROUND_LOAD : 1);
    // Only a valve serviced since this day could have been repaired on it.
    const repairable = inService.filter((v) => v.lastMaintenance >= day);
    for (let k = Math.floor(repairs + random.unit()); k > 0 && repairable.length; k--) {
      const valve = random.pick(repairable);
      jobs.push({ valve, job: random.pick(CORRECTIVE_JOBS[valve.type as ValveType]), day, planned: false });
    }
    for (let k = Math.floor(inService.length * INSPECTIONS_PER_VALVE_DAY + random.unit()); k > 0; k--) {
      jobs.push({ valve: random.pick(inService), job: random.pick(INSPECTIONS), day, planned: false });
    }
  }
  for (const valve of inService) {
    const chronic = CHRONIC_FAILURES.find((c) => c.applies(valve));
    const job = chronic && CORRECTIVE_JOBS[valve.type as ValveType].find((j) => j.title === chronic.title(valve));
    if (!chronic || !job) continue;
    const last = Math.min(end, valve.lastMaintenance + 1);
    for (let day = start + random.int(5, chronic.everyDays) * DAY; day < last; day += chronic.everyDays * DAY) {
      jobs.push({ valve, job, day: toWorkingDay(day + random.int(-9, 9) * DAY), planned: false });
    }
  }
  const orders: PastWorkOrder[] = [];
  const records: RecordSpec[] = [];
  for (const { valve, job, day, planned } of jobs.sort((a, b) => a.day - b.day)) {
    const order = closedOrder(random, valve.id, job, day, planned, crew);
    records.push({
      valveId: valve.id,
      workOrderIndex: firstIndex + orders.length,
      type: job.record,
      description: `Completed: ${job.title}.`,
      findings: random.pick(job.findings),
      actionsPerformed: random.pick(job.actions),
      performedByUserId: order.completedByUserId,
      createdAt: order.completedAt ?? order.createdAt,
    });
    orders.push(order);
  }
  return { orders, records };
}

/** One job as its work order: raised, due, done on `day` in the shift, then reviewed and closed. */
function closedOrder(
  random: SeededRandom,
  valveId: number,
  job: PastJob,
  day: number,
  planned: boolean,
  crew: Crew,
): PastWorkOrder {
  const completedAt = new Date(day + random.int(13, 21) * HOUR + random.int(0, 59) * 60_000);
  // The plan raises its PM two weeks ahead, due that day; a repair is raised when found and due within two weeks.
  const createdAt = new Date(day - (planned ? 14 : random.int(1, 20)) * DAY + random.int(12, 22) * HOUR);
  const dueDate = planned ? new Date(day + 17 * HOUR) : new Date(createdAt.getTime() + random.int(3, 14) * DAY);
  const technician = random.pick(crew.technicians);
  const supervisor = random.pick(crew.supervisors);
  const approvedAt = new Date(completedAt.getTime() + random.int(18, 72) * HOUR);
  const closedAt = new Date(approvedAt.getTime() + random.int(1, 48) * HOUR);
  return {
    valveId,
    title: job.title,
    description: job.description,
    status: 'completed',
    priority: planned
      ? 'medium'
      : job.record === 'inspection'
        ? 'low'
        : random.weighted([
            ['high', 40],
            ['medium', 45],
            ['low', 15],
          ] as const),
    dueDate,
    completedAt,
    createdAt,
    overdueNotifiedAt: dueDate < completedAt ? dueDate : null,
    assignedToUserId: technician,
    createdByUserId: supervisor,
    startedByUserId: technician,
    completedByUserId: technician,
    approvedAt,
    approvedByUserId: supervisor,
    closedAt,
    closedByUserId: supervisor,
    updatedAt: closedAt,
  };
}

const isWorkingDay = (day: number) => new Date(day).getUTCDay() % 6 !== 0;

/** The day of a plan's PM, moved to the Monday after when it falls on a weekend. */
const toWorkingDay = (due: number) => {
  const day = Math.floor(due / DAY) * DAY;
  const weekday = new Date(day).getUTCDay();
  return day + (weekday === 6 ? 2 : weekday === 0 ? 1 : 0) * DAY;
};
