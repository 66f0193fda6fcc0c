import type { SeededRandom } from '../lib/seeded-random';

const HOUR = 3_600_000;

/**
 * How a job's failure is coded (ISO 14224 codes of common/failure-codes.ts), as a reliability engineer would code
 * the demo's corrective work: the mode the job answers, the mechanisms and causes seen behind it (one picked per
 * order), the remedy, how it was found, and how long the valve was isolated for the work.
 */
type FailureProfile = {
  mode: string;
  mechanisms: string[];
  causes: string[];
  remedy: string;
  detectedBy: string[];
  downtimeHours: [number, number];
  reason: string;
};

const PROFILES: Record<string, FailureProfile> = {
  'Repack stem gland': {
    mode: 'ELP',
    mechanisms: ['1.1', '2.4'],
    causes: ['3.4', '3.4', '3.3'],
    remedy: '1',
    detectedBy: ['7', '3'],
    downtimeHours: [4, 8],
    reason: 'Isolated and depressurised to repack the gland',
  },
  'Replace body gasket': gasket('body'),
  'Replace bonnet gasket': gasket('bonnet'),
  'Replace cover gasket': gasket('cover'),
  'Rebuild actuator': {
    mode: 'DOP',
    mechanisms: ['2.4', '1.1'],
    causes: ['3.4'],
    remedy: '10',
    detectedBy: ['2', '6'],
    downtimeHours: [8, 16],
    reason: 'Actuator off for the rebuild; line on bypass',
  },
  'Replace seats and seals': {
    mode: 'LCP',
    mechanisms: ['2.4', '2.3'],
    causes: ['1.2', '1.2', '3.4'],
    remedy: '1',
    detectedBy: ['2', '9'],
    downtimeHours: [12, 30],
    reason: 'Removed to the shop for new seats',
  },
  'Lap wedge and seats': {
    mode: 'LCP',
    mechanisms: ['2.3', '2.4'],
    causes: ['3.1', '3.4'],
    remedy: '2',
    detectedBy: ['2'],
    downtimeHours: [10, 24],
    reason: 'Bonnet off to lap the wedge and seats',
  },
  'Replace stem nut': {
    mode: 'STD',
    mechanisms: ['2.4'],
    causes: ['3.4'],
    remedy: '1',
    detectedBy: ['9'],
    downtimeHours: [4, 8],
    reason: 'Isolated to change the stem nut',
  },
  'Lap plug and seat': {
    mode: 'INL',
    mechanisms: ['2.3', '2.1'],
    causes: ['3.1', '3.1', '3.4'],
    remedy: '2',
    detectedBy: ['6', '5'],
    downtimeHours: [8, 20],
    reason: 'Trim pulled to lap plug and seat',
  },
  'Calibrate positioner': {
    mode: 'FTR',
    mechanisms: ['3.4', '1.5'],
    causes: ['3.4'],
    remedy: '4',
    detectedBy: ['6', '5'],
    downtimeHours: [2, 4],
    reason: 'Loop in manual for the calibration',
  },
  'Replace hinge pin and bushings': {
    mode: 'NOI',
    mechanisms: ['2.4'],
    causes: ['3.4'],
    remedy: '1',
    detectedBy: ['7'],
    downtimeHours: [6, 12],
    reason: 'Pump isolated to open the check valve',
  },
  'Lap disc and seat': {
    mode: 'INL',
    mechanisms: ['5.3', '2.3'],
    causes: ['5.4', '3.4'],
    remedy: '1',
    detectedBy: ['6'],
    downtimeHours: [8, 16],
    reason: 'Pump isolated to open the check valve',
  },
  'Lap nozzle and disc, reset': {
    mode: 'LCP',
    mechanisms: ['1.1', '2.4'],
    causes: ['3.4'],
    remedy: '2',
    detectedBy: ['2'],
    downtimeHours: [6, 12],
    reason: 'Relief valve removed to the shop; spare fitted',
  },
  'Replace relief valve spring': {
    mode: 'SPO',
    mechanisms: ['2.6'],
    causes: ['3.4'],
    remedy: '1',
    detectedBy: ['2'],
    downtimeHours: [6, 12],
    reason: 'Relief valve removed to the shop; spare fitted',
  },
  // The current work (catalog.ts's tasks) that answers a failure; tests and inspections do not.
  'Packing adjustment': {
    mode: 'ELP',
    mechanisms: ['1.1'],
    causes: ['3.4'],
    remedy: '4',
    detectedBy: ['7', '3'],
    downtimeHours: [1, 3],
    reason: 'Isolated to adjust the packing',
  },
  'Flange gasket replacement': gasket('flange'),
};

function gasket(joint: string): FailureProfile {
  return {
    mode: 'ELP',
    mechanisms: ['1.1', '2.2'],
    causes: ['3.3', '3.4'],
    remedy: '1',
    detectedBy: ['7', '3'],
    downtimeHours: [6, 12],
    reason: `Line isolated to renew the ${joint} gasket`,
  };
}

/** A completed work order of the demo, by its inserted id. */
export type DoneOrder = {
  id: number;
  valveId: number;
  title: string;
  createdAt: Date;
  completedAt: Date;
  completedByUserId: number | null;
};

/**
 * The failure reports and downtime of the demo's completed corrective work: each job that answers a failure is
 * coded by its profile; it failed a few hours before the order was raised (found, then reported) and the valve was
 * out of service for the work, ending when the order was completed.
 */
export function demoFailures(random: SeededRandom, organizationId: number, orders: readonly DoneOrder[]) {
  const failures = [];
  const downtime = [];
  for (const order of orders) {
    const profile = PROFILES[order.title];
    if (!profile) continue;
    const failedAt = new Date(order.createdAt.getTime() - random.int(1, 12) * HOUR);
    const hours = random.int(...profile.downtimeHours);
    const endedAt = order.completedAt;
    const startedAt = new Date(Math.max(failedAt.getTime(), endedAt.getTime() - hours * HOUR));
    failures.push({
      organizationId,
      workOrderId: order.id,
      valveId: order.valveId,
      mode: profile.mode,
      mechanism: random.pick(profile.mechanisms),
      cause: random.pick(profile.causes),
      remedy: profile.remedy,
      detectedBy: random.pick(profile.detectedBy),
      failedAt,
      recordedByUserId: order.completedByUserId,
      createdAt: endedAt,
      updatedAt: endedAt,
    });
    if (endedAt > startedAt) {
      downtime.push({
        organizationId,
        workOrderId: order.id,
        valveId: order.valveId,
        startedAt,
        endedAt,
        reason: profile.reason,
        recordedByUserId: order.completedByUserId,
        createdAt: endedAt,
      });
    }
  }
  return { failures, downtime };
}
