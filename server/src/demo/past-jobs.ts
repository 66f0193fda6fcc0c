import type { ValveType } from '@common/constants';

/**
 * A kind of job the valve shop did over the past two years: the work order's title and description, the kind of
 * record it closed with, the spares it takes from the store (codes of parts-catalog.ts's kinds; none for a look),
 * and what the technician found and did.
 */
export type PastJob = {
  title: string;
  description: string;
  record: 'preventive' | 'corrective' | 'calibration' | 'inspection';
  spares: string[];
  findings: string[];
  actions: string[];
};

/** The scheduled PM of a valve's plan, on its interval. */
export const PREVENTIVE_MAINTENANCE: PastJob = {
  title: 'Preventive maintenance',
  description:
    'Scheduled PM: stroke full travel, grease the stem and operator, check packing and body joints for leakage, record the stroke time.',
  record: 'preventive',
  spares: [],
  findings: [
    'No external leakage; packing and body joints tight.',
    'Stem dry at the yoke; stroke time within 5% of baseline.',
    'Slight weeping at the gland; tight after one flat on the follower.',
  ],
  actions: [
    'Stroked full travel three times, greased stem and operator, soap-tested the joints.',
    'Greased stem, adjusted gland one flat, stroked and recorded the stroke time.',
  ],
};

/** A look at the valve on rounds or for the insurer: nothing taken from the store. */
export const INSPECTIONS: PastJob[] = [
  {
    title: 'Leak and corrosion inspection',
    description: 'Walkdown inspection of body, bonnet, packing and bolting; soap-test the joints, note corrosion.',
    record: 'inspection',
    spares: [],
    findings: ['No leakage found; paint intact.', 'Light surface rust on the bonnet bolting; no section loss.'],
    actions: ['Inspected and soap-tested; photographed the bolting for the next outage.'],
  },
  {
    title: 'Ultrasonic thickness survey',
    description: 'UT readings on the body and the adjacent pipe at the marked points, against the last survey.',
    record: 'inspection',
    spares: [],
    findings: ['Wall loss under 0.1 mm since the last survey.', 'All points above the retirement thickness.'],
    actions: ['Took UT readings at 8 points and filed them with the survey.'],
  },
];

const REPACK: PastJob = {
  title: 'Repack stem gland',
  description:
    'Packing leaking at the gland beyond adjustment. Isolate, depressurise, replace the packing set, torque the gland to the table.',
  record: 'corrective',
  spares: ['PK'],
  findings: ['Packing hard and glazed; gland follower bottomed out.', 'Stem lightly scored at the packing; polished.'],
  actions: ['Replaced the packing set, torqued the gland nuts to the table, stroked three times: no leakage.'],
};

const bodyJoint = (part: string, spares: string[]): PastJob => ({
  title: `Replace ${part} gasket`,
  description: `Weeping at the ${part} joint. Replace the spiral wound gasket and bolting, torque in a star pattern.`,
  record: 'corrective',
  spares,
  findings: [`Gasket crushed and leaking at the ${part} joint.`, 'Two studs necked from past over-torque.'],
  actions: [`Fitted a new ${part} gasket and bolting, torqued in three passes; soap test tight.`],
});

const ACTUATOR_REBUILD: PastJob = {
  title: 'Rebuild actuator',
  description: 'Actuator slow to stroke and leaking at its seals. Rebuild with the repair kit, bench test, re-stroke.',
  record: 'corrective',
  spares: ['AK'],
  findings: ['Diaphragm cracked at the bolt circle.', 'O-rings flattened and leaking; bushings worn oval.'],
  actions: ['Rebuilt with the repair kit, bench-tested at supply pressure, stroked in place: times at baseline.'],
};

/** The corrective work each type of valve needed. */
export const CORRECTIVE_JOBS: Record<ValveType, PastJob[]> = {
  'Ball Valve': [
    REPACK,
    bodyJoint('body', ['BG', 'BB']),
    ACTUATOR_REBUILD,
    {
      title: 'Replace seats and seals',
      description: 'Valve passing when closed. Remove to the shop, replace the seats and seals, seat test to API 598.',
      record: 'corrective',
      spares: ['SR', 'SK'],
      findings: ['Seats eroded on the downstream side; ball lightly scratched.', 'Seat seals swollen.'],
      actions: ['Fitted new seats and seals, seat-tested to API 598: zero bubbles.'],
    },
  ],
  'Gate Valve': [
    REPACK,
    bodyJoint('bonnet', ['BG', 'BB']),
    {
      title: 'Lap wedge and seats',
      description: 'Valve passing on the isolation test. Open the bonnet, lap the wedge and seat faces, blue-check.',
      record: 'corrective',
      spares: ['SR', 'BG'],
      findings: ['Wire-drawing across the downstream seat face.', 'Blue check showed a broken contact line.'],
      actions: ['Lapped wedge and seats, renewed a seat ring, blue check continuous; new bonnet gasket.'],
    },
    {
      title: 'Replace stem nut',
      description: 'Handwheel turns with lost motion; the yoke sleeve threads are worn. Replace the stem nut.',
      record: 'corrective',
      spares: ['SN'],
      findings: ['Stem nut threads worn to a knife edge.'],
      actions: ['Fitted a new stem nut, greased the threads, stroked full travel.'],
    },
  ],
  'Globe Valve': [
    REPACK,
    ACTUATOR_REBUILD,
    {
      title: 'Lap plug and seat',
      description: 'Valve passing at low lift. Pull the trim, lap plug and seat ring, renew the seat gaskets.',
      record: 'corrective',
      spares: ['SR', 'SG', 'BG'],
      findings: ['Plug and seat cut by flashing at low lift.', 'Seat ring gasket blown at one point.'],
      actions: ['Lapped the plug, fitted a new seat ring and gaskets, seat-tested to Class IV.'],
    },
    {
      title: 'Calibrate positioner',
      description: 'Valve hunting on its loop. Calibrate the positioner at 0/25/50/75/100 %, check the feedback arm.',
      record: 'calibration',
      spares: ['PR'],
      findings: ['Positioner 4% off at mid-travel; relay leaking.', 'Feedback arm loose on the stem connector.'],
      actions: ['Rebuilt the relay, calibrated at five points, tightened the feedback arm; loop steady.'],
    },
  ],
  'Check Valve': [
    bodyJoint('cover', ['CG', 'CB']),
    {
      title: 'Replace hinge pin and bushings',
      description: 'Disc slamming on pump trips. Open the cover, replace the hinge pin, bushings and disc nut.',
      record: 'corrective',
      spares: ['HP', 'DN'],
      findings: ['Hinge pin worn 0.5 mm; bushings oval.', 'Disc nut lock pin sheared.'],
      actions: ['Fitted a new hinge pin, bushings and disc nut; new cover gasket; disc swings free.'],
    },
    {
      title: 'Lap disc and seat',
      description: 'Reverse flow past the closed check. Lap disc and seat, or replace the disc if cut.',
      record: 'corrective',
      spares: ['DS', 'CG'],
      findings: ['Disc face cut by debris.', 'Seat face pitted.'],
      actions: ['Replaced the disc, lapped the seat, blue check continuous; new cover gasket.'],
    },
  ],
  'Safety Relief Valve': [
    {
      title: 'Lap nozzle and disc, reset',
      description: 'Valve simmering below set pressure. Remove to the shop, lap nozzle and disc, reset and bench test.',
      record: 'corrective',
      spares: ['DI', 'GK'],
      findings: ['Seat leakage at 90% of set pressure.', 'Nozzle seat lightly pitted.'],
      actions: ['Lapped nozzle and disc insert, reset, popped three times at set pressure; seat tight at 90%.'],
    },
    {
      title: 'Replace relief valve spring',
      description: 'Set pressure drifted outside tolerance on the last test. Fit a new spring and washers, reset.',
      record: 'corrective',
      spares: ['SP', 'SW', 'GK'],
      findings: ['Spring relaxed; set pressure 4% low.'],
      actions: ['Fitted a new spring and washers, set and sealed at nameplate pressure.'],
    },
  ],
};

/** Every kind of past job, for the spares they take (parts.ts). */
export const PAST_JOBS = [PREVENTIVE_MAINTENANCE, ...INSPECTIONS, ...Object.values(CORRECTIVE_JOBS).flat()];
