import type { DemoPlant } from '@common/constants';
import type { ReliefCode, TestMedium } from '@common/relief-valves/rules';
import type { ServiceFluid } from '@common/relief-valves/set-conditions';

/*
 * What the demo's relief devices are made of: makers and models, orifices by inlet size, the relief service of each
 * plant system (catalog.ts PLANT_SYSTEMS), and a rated capacity in the unit of the service. A tag standing on a valve
 * record takes that record's maker, model, size and system, so the two agree (issue 28).
 */

type Design = 'conventional' | 'bellows' | 'pilot';
export type ReliefModel = { manufacturer: string; model: string; design: Design; seatType: 'metal' | 'soft' };

/** Devices of tags with no valve record, and spares. */
export const RELIEF_MODELS: readonly ReliefModel[] = [
  { manufacturer: 'Farris', model: '2600 Series', design: 'conventional', seatType: 'metal' },
  { manufacturer: 'Farris', model: '2700 Series', design: 'bellows', seatType: 'metal' },
  { manufacturer: 'Crosby', model: 'JOS-E', design: 'conventional', seatType: 'metal' },
  { manufacturer: 'Consolidated', model: '1900 Series', design: 'conventional', seatType: 'metal' },
  { manufacturer: 'Anderson Greenwood', model: 'Series 200', design: 'pilot', seatType: 'soft' },
  { manufacturer: 'Leser', model: 'Type 526', design: 'conventional', seatType: 'metal' },
];

/** The valve records' safety relief models (catalog.ts) are all direct spring, conventional, metal seated. */
export const modelOfValveRecord = (manufacturer: string, model: string): ReliefModel => ({
  manufacturer,
  model,
  design: 'conventional',
  seatType: 'metal',
});

/** API 526's orifice letter and outlet for an inlet, with the letter's effective area (in²). */
export const ORIFICE_BY_INLET: Record<string, { orifice: string; outlet: string; area: number }> = {
  '1/2"': { orifice: 'D', outlet: '1"', area: 0.11 },
  '3/4"': { orifice: 'D', outlet: '1"', area: 0.11 },
  '1"': { orifice: 'E', outlet: '2"', area: 0.196 },
  '1-1/2"': { orifice: 'F', outlet: '2"', area: 0.307 },
  '2"': { orifice: 'H', outlet: '3"', area: 0.785 },
  '3"': { orifice: 'J', outlet: '4"', area: 1.287 },
  '4"': { orifice: 'L', outlet: '6"', area: 2.853 },
  '6"': { orifice: 'Q', outlet: '8"', area: 11.05 },
  '8"': { orifice: 'T', outlet: '10"', area: 26 },
  '10"': { orifice: 'T', outlet: '12"', area: 26 },
  '12"': { orifice: 'T', outlet: '14"', area: 26 },
};
/** The inlet sizes a tag without a valve record draws from. */
export const SPARE_INLETS = ['1"', '1-1/2"', '2"', '3"', '4"'] as const;

export type ReliefService = {
  service: string;
  equipment: string[];
  code: ReliefCode;
  medium: TestMedium;
  fluid: ServiceFluid;
};

const water = (service: string, equipment: string[]): ReliefService => ({
  service,
  equipment,
  code: 'asme-viii',
  medium: 'water',
  fluid: 'liquid',
});
const gas = (service: string, equipment: string[]): ReliefService => ({
  service,
  equipment,
  code: 'asme-viii',
  medium: 'nitrogen',
  fluid: 'gas',
});

/** The relief service of each plant's systems (catalog.ts PLANT_SYSTEMS), in the same order. */
export const SYSTEM_SERVICES: Record<DemoPlant, Record<string, ReliefService>> = {
  'Power Plant A': {
    'Main Steam': {
      service: 'Saturated steam',
      equipment: ['Boiler B-1 steam drum', 'Boiler B-2 superheater outlet'],
      code: 'asme-i',
      medium: 'steam',
      fluid: 'steam',
    },
    'Boiler Feedwater': water('Feedwater', ['Feedwater heater FWH-3 shell', 'Deaerator DA-1']),
    Condensate: water('Condensate', ['Condensate receiver T-4']),
    'Cooling Water': water('Cooling water', ['Cooling water exchanger E-11 shell']),
  },
  'Gas Plant B': {
    'Gas Compression': gas('Natural gas', ['Compressor K-301 discharge', 'Glycol contactor C-201']),
    'Pipeline Inlet': gas('Natural gas', ['Inlet separator V-101']),
    'Fuel Gas': gas('Fuel gas', ['Fuel gas scrubber V-140']),
    'Flare Header': gas('Flare gas', ['Flare knock-out drum V-190']),
  },
  'Chemical Plant C': {
    'Reactor Feed': water('Hydrocarbon liquid', ['Reactor feed drum D-510', 'Exchanger E-204 shell']),
    'Acid Transfer': water('Sulphuric acid', ['Acid day tank T-320']),
    'Solvent Recovery': gas('Solvent vapour', ['Solvent recovery column C-410 overhead']),
    'Cooling Water': water('Cooling water', ['Cooling water exchanger E-31 shell']),
  },
  'Nuclear Plant D': {
    'Reactor Coolant': water('Letdown', ['Letdown heat exchanger E-3']),
    'Residual Heat Removal': water('Residual heat removal', ['RHR heat exchanger E-7']),
    'Component Cooling': water('Component cooling water', ['CCW surge tank T-12']),
    'Auxiliary Feedwater': water('Auxiliary feedwater', ['AFW pump discharge P-21']),
  },
};

/**
 * A rated capacity at 10% overpressure in the service's unit, from API 520 Part I's sizing equations solved for
 * flow with the effective area and coefficient (Kd 0.975 for vapour, 0.65 for liquid): steam by Napier
 * (51.5·A·P1·Kd lb/h), air-like gas (6.32·C·Kd·P1·A / √(T·Z·M) SCFM with C 356, M 29, T 520 °R), liquid
 * (38·Kd·A·√(1.1·set) US gpm, specific gravity 1). Nameplate-like figures, not a sizing.
 */
export function ratedCapacity(fluid: ServiceFluid, area: number, setPsi: number): string {
  const p1 = 1.1 * setPsi + 14.7;
  const thousands = (v: number) => Math.round(v).toLocaleString('en-US');
  if (fluid === 'steam') return `${thousands(51.5 * area * p1 * 0.975)} lb/h`;
  if (fluid === 'gas') return `${thousands((6.32 * 356 * 0.975 * p1 * area) / Math.sqrt(520 * 29))} SCFM`;
  return `${thousands(38 * 0.65 * area * Math.sqrt(1.1 * setPsi))} US gpm`;
}
