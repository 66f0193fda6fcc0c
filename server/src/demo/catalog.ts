import type { DemoPlant, ValveType } from '@common/constants';

/** Two-letter codes of the valve tag (V-<number>-<code>). The sample V-004-NV is a needle-pattern globe valve. */
export const TYPE_CODES: Record<ValveType, string> = {
  'Ball Valve': 'BV',
  'Gate Valve': 'GV',
  'Globe Valve': 'GL',
  'Check Valve': 'CV',
  'Safety Relief Valve': 'PV',
};

export type ValveModel = { manufacturer: string; model: string; actuator: Actuator; standards: string[] };
export type Actuator = 'Pneumatic' | 'Electric' | 'Hydraulic' | 'Manual';

export const MODELS: Record<ValveType, ValveModel[]> = {
  'Ball Valve': [
    {
      manufacturer: 'Emerson Fisher',
      model: 'V150 Vee-Ball',
      actuator: 'Pneumatic',
      standards: ['ASME B16.34', 'API 6D'],
    },
    {
      manufacturer: 'Flowserve Worcester',
      model: 'Series 44',
      actuator: 'Electric',
      standards: ['ASME B16.34', 'API 607'],
    },
    { manufacturer: 'Cameron', model: 'T31 Trunnion', actuator: 'Hydraulic', standards: ['API 6D', 'API 6FA'] },
  ],
  'Gate Valve': [
    {
      manufacturer: 'Velan',
      model: 'Bolted Bonnet Gate B-2',
      actuator: 'Manual',
      standards: ['API 600', 'ASME B16.34'],
    },
    { manufacturer: 'Crane', model: 'Pressure Seal 1500', actuator: 'Electric', standards: ['ASME B16.34', 'API 600'] },
    { manufacturer: 'KSB', model: 'ECOLINE GT 40', actuator: 'Manual', standards: ['ISO 5208', 'API 598'] },
  ],
  'Globe Valve': [
    { manufacturer: 'Emerson Fisher', model: 'ED easy-e', actuator: 'Pneumatic', standards: ['ASME B16.34', 'ISA 75'] },
    { manufacturer: 'Parker', model: 'HNV Needle Globe', actuator: 'Manual', standards: ['ASME B16.34', 'ISO 5208'] },
    { manufacturer: 'Samson', model: 'Type 3241', actuator: 'Pneumatic', standards: ['ISO 5208', 'ASME B16.34'] },
  ],
  'Check Valve': [
    { manufacturer: 'Crane', model: 'Swing Check 147', actuator: 'Manual', standards: ['API 594', 'ASME B16.34'] },
    { manufacturer: 'Velan', model: 'Piston Check P-600', actuator: 'Manual', standards: ['API 602', 'ASME B16.34'] },
  ],
  'Safety Relief Valve': [
    {
      manufacturer: 'Emerson Crosby',
      model: 'JOS-E 900',
      actuator: 'Manual',
      standards: ['ASME Section VIII', 'API 526', 'National Board'],
    },
    {
      manufacturer: 'Baker Hughes Consolidated',
      model: '1900 Series',
      actuator: 'Manual',
      standards: ['ASME Section I', 'API 527', 'National Board'],
    },
    {
      manufacturer: 'Leser',
      model: 'Type 526',
      actuator: 'Manual',
      standards: ['API 526', 'ISO 4126', 'National Board'],
    },
  ],
};

export const SIZES = ['1/2"', '3/4"', '1"', '1-1/2"', '2"', '3"', '4"', '6"', '8"', '10"', '12"'];
export const PRESSURE_CLASSES = [
  { label: 'Class 150', psi: 285 },
  { label: 'Class 300', psi: 740 },
  { label: 'Class 600', psi: 1480 },
  { label: 'Class 900', psi: 2220 },
  { label: 'Class 1500', psi: 3705 },
];

/** Systems of each plant with their normal process temperature (°F) and operating share of the class rating. */
export const PLANT_SYSTEMS: Record<DemoPlant, { system: string; tempF: number; load: number }[]> = {
  'Power Plant A': [
    { system: 'Main Steam', tempF: 1000, load: 0.7 },
    { system: 'Boiler Feedwater', tempF: 450, load: 0.75 },
    { system: 'Condensate', tempF: 110, load: 0.3 },
    { system: 'Cooling Water', tempF: 85, load: 0.25 },
  ],
  'Gas Plant B': [
    { system: 'Gas Compression', tempF: 140, load: 0.65 },
    { system: 'Pipeline Inlet', tempF: 70, load: 0.6 },
    { system: 'Fuel Gas', tempF: 90, load: 0.4 },
    { system: 'Flare Header', tempF: 80, load: 0.1 },
  ],
  'Chemical Plant C': [
    { system: 'Reactor Feed', tempF: 320, load: 0.55 },
    { system: 'Acid Transfer', tempF: 95, load: 0.35 },
    { system: 'Solvent Recovery', tempF: 180, load: 0.3 },
    { system: 'Cooling Water', tempF: 85, load: 0.25 },
  ],
  'Nuclear Plant D': [
    { system: 'Reactor Coolant', tempF: 560, load: 0.7 },
    { system: 'Residual Heat Removal', tempF: 350, load: 0.45 },
    { system: 'Component Cooling', tempF: 95, load: 0.3 },
    { system: 'Auxiliary Feedwater', tempF: 120, load: 0.5 },
  ],
};

export const AREAS = ['Unit 1', 'Unit 2', 'Pump House', 'Compressor Hall', 'Tank Farm', 'Turbine Hall', 'Pipe Rack'];

export const DEMO_ORGANIZATIONS = [
  { name: 'Northfield Energy & Chemicals', slug: 'northfield', demo: true },
  { name: 'Bayside Processing', slug: 'bayside', demo: true },
];

export type DemoUser = { name: string; email: string; role: string; plants?: string[] };

/** One account per role (the sign-in page offers these), and two more technicians, one limited to a plant. */
export const DEMO_USERS: DemoUser[] = [
  { name: 'Maria Santos', email: 'technician@northfield.example', role: 'technician' },
  { name: 'James Okafor', email: 'supervisor@northfield.example', role: 'supervisor' },
  { name: 'Priya Raman', email: 'engineer@northfield.example', role: 'engineer' },
  { name: 'Alex Chen', email: 'admin@northfield.example', role: 'admin' },
  { name: 'Tomás Ruiz', email: 'tomas.ruiz@northfield.example', role: 'technician', plants: ['Power Plant A'] },
  { name: 'Grace Lindqvist', email: 'grace.lindqvist@northfield.example', role: 'technician' },
];

export const OTHER_ORGANIZATION_USERS: DemoUser[] = [
  { name: 'Sam Whitaker', email: 'admin@bayside.example', role: 'admin' },
];

/** The current work orders' tasks, with the spares each takes from the store (codes of parts-catalog.ts's kinds, or
 * a consumable's part number). */
export const WORK_ORDER_TASKS: Record<string, { title: string; description: string; spares: string[] }[]> = {
  common: [
    {
      title: 'Quarterly inspection',
      description: 'Visual inspection of body, bonnet and packing; check for external leakage and corrosion.',
      spares: [],
    },
    {
      title: 'Packing adjustment',
      description: 'Stem packing weeping reported on rounds. Adjust gland follower to torque table, monitor for 24 h.',
      spares: [],
    },
    {
      title: 'Actuator stroke test',
      description: 'Full-stroke test from control room; record stroke time open and closed against the baseline.',
      spares: [],
    },
    {
      title: 'Seat leak test',
      description:
        'Seat leakage suspected from downstream temperature. Perform leak test per API 598 at next outage window.',
      spares: [],
    },
    {
      title: 'Flange gasket replacement',
      description: 'Gasket weeping at inlet flange. Replace spiral wound gasket and re-torque in star pattern.',
      spares: ['FLX-CGI-300-6', 'BOL-B7-0.75X5'],
    },
    {
      title: 'Corrosion survey',
      description: 'Ultrasonic thickness readings on body and adjacent piping at marked points.',
      spares: [],
    },
  ],
  'Safety Relief Valve': [
    {
      title: 'Set pressure verification',
      description: 'Annual in-situ set pressure test; record popping pressure and blowdown, re-seal adjustment.',
      spares: [],
    },
    {
      title: 'Relief valve recertification',
      description: 'Remove for bench test and recertification by VR-stamped shop; install spare.',
      spares: ['DI', 'SK', 'GK'],
    },
  ],
};

/**
 * A demo valve's body, trim and ends as a plant would specify them, from what it already is (no random draw, so the
 * rest of the demo stays as it was): chrome-moly bodies above 800 °F and stainless in the chemical plant (ASTM
 * A217 WC9, A351 CF8M, else carbon steel A216 WCB); socket-weld or threaded small bore, butt-weld from class 900.
 */
export function demoMaterials(valve: {
  type: ValveType;
  plant: DemoPlant;
  tempF: number;
  /** 2 in and under: small bore. */
  smallBore: boolean;
  rating: number;
}) {
  const bodyMaterial =
    valve.tempF > 800 ? 'ASTM A217 WC9' : valve.plant === 'Chemical Plant C' ? 'ASTM A351 CF8M' : 'ASTM A216 WCB';
  const trimMaterial = {
    'Ball Valve': '316 SS ball, PTFE seats',
    'Gate Valve': '13Cr (F6a) wedge, Stellite 6 seats',
    'Globe Valve': '13Cr plug, Stellite 6 seats',
    'Check Valve': '13Cr disc, Stellite 6 seat',
    'Safety Relief Valve': '316 SS nozzle and disc',
  }[valve.type];
  const endConnection = valve.smallBore
    ? valve.rating >= 600
      ? 'Socket weld'
      : 'Threaded NPT'
    : valve.rating >= 900
      ? 'Butt weld'
      : 'Flanged RF';
  return { bodyMaterial, trimMaterial, endConnection };
}
