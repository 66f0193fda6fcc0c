/**
 * The physical quantities a valve's channels measure, each with the canonical unit its readings are stored in and
 * the units an import, a payload or an MQTT message may carry. Conversion goes through js-quantities (one small
 * library for the server and the browser's import screen; docs/decisions/011-units-library.md), never through
 * hand tables. The engine reads stored values in the canonical unit, so its verdicts do not depend on the unit a
 * reading arrived in.
 */
import Qty from 'js-quantities';
import type { SensorType } from './constants';

/**
 * `scale` says what a change of the quantity means: on a ratio scale (a true zero: flow, pressure, current) a
 * change is judged relative to the level, "flow −38%"; on an interval scale (temperature in °C or °F) a percentage
 * of the reading depends on the unit, so changes are absolute; `percent` quantities are already a share of a
 * range (valve travel) and change by percentage points.
 */
export type QuantityScale = 'ratio' | 'interval' | 'percent';

type QuantityDefinition = {
  label: string;
  /** The unit stored readings are in. */
  unit: string;
  /** Every unit accepted for it, the canonical one first. */
  units: readonly string[];
  scale: QuantityScale;
  /** The spec's sensor type (§3) whose screens show this quantity, where one fits. */
  sensorType?: SensorType;
};

export const QUANTITIES = {
  temperature: {
    label: 'Temperature',
    unit: 'degC',
    units: ['degC', 'degF', 'K'],
    scale: 'interval',
    sensorType: 'temperature',
  },
  pressure: {
    label: 'Pressure',
    unit: 'bar',
    units: ['bar', 'kPa', 'MPa', 'Pa', 'psi'],
    scale: 'ratio',
    sensorType: 'pressure',
  },
  differentialPressure: {
    label: 'Differential pressure',
    unit: 'bar',
    units: ['bar', 'kPa', 'MPa', 'Pa', 'psi'],
    scale: 'ratio',
    sensorType: 'pressure',
  },
  actuatorSupplyPressure: {
    label: 'Actuator supply pressure',
    unit: 'bar',
    units: ['bar', 'kPa', 'MPa', 'Pa', 'psi'],
    scale: 'ratio',
    sensorType: 'pressure',
  },
  flow: { label: 'Flow', unit: 'm3/h', units: ['m3/h', 'L/min', 'L/s', 'm3/s', 'gpm'], scale: 'ratio' },
  vibrationVelocity: {
    label: 'Vibration velocity',
    unit: 'mm/s',
    units: ['mm/s', 'in/s'],
    scale: 'ratio',
    sensorType: 'vibration',
  },
  vibrationAcceleration: {
    label: 'Vibration acceleration',
    unit: 'm/s2',
    units: ['m/s2', 'g'],
    scale: 'ratio',
    sensorType: 'vibration',
  },
  current: { label: 'Motor current', unit: 'A', units: ['A', 'mA', 'kA'], scale: 'ratio' },
  voltage: { label: 'Voltage', unit: 'V', units: ['V', 'mV', 'kV'], scale: 'ratio' },
  position: { label: 'Valve position', unit: '%', units: ['%'], scale: 'percent' },
  travel: { label: 'Valve travel', unit: 'mm', units: ['mm', 'in'], scale: 'ratio' },
  torque: { label: 'Torque', unit: 'N·m', units: ['N·m', 'lbf·ft'], scale: 'ratio' },
} as const satisfies Record<string, QuantityDefinition>;

export type Quantity = keyof typeof QUANTITIES;
export const QUANTITY_NAMES = Object.keys(QUANTITIES) as Quantity[];

/** The spec's sensor type whose screens show a quantity, if any (flow, current and the like have none). */
export function specSensorTypeOf(quantity: Quantity): SensorType | undefined {
  const definition: QuantityDefinition = QUANTITIES[quantity];
  return definition.sensorType;
}

/**
 * What a channel is in the loop, where its quantity alone does not say: which side of the valve a pressure is on,
 * and whether a position is the controller's command or the measured travel. Explanations in valve terms use it.
 */
export const CHANNEL_ROLES = ['upstream', 'downstream', 'command', 'feedback'] as const;
export type ChannelRole = (typeof CHANNEL_ROLES)[number];

/** The names js-quantities knows our unit codes by (the codes are those historians and the public API use). */
const LIBRARY_NAMES: Record<string, string> = {
  degC: 'tempC',
  degF: 'tempF',
  K: 'tempK',
  bar: 'bar',
  kPa: 'kPa',
  MPa: 'MPa',
  Pa: 'Pa',
  psi: 'psi',
  'm3/h': 'm^3/h',
  'L/min': 'L/min',
  'L/s': 'L/s',
  'm3/s': 'm^3/s',
  gpm: 'gal/min',
  'mm/s': 'mm/s',
  'in/s': 'in/s',
  'm/s2': 'm/s^2',
  g: 'gee',
  A: 'A',
  mA: 'mA',
  kA: 'kA',
  V: 'V',
  mV: 'mV',
  kV: 'kV',
  '%': '%',
  mm: 'mm',
  in: 'in',
  N·m: 'N*m',
  lbf·ft: 'lbf*ft',
};

/** Other spellings seen in exports and payloads, mapped to our codes. */
const ALIASES: Record<string, string> = {
  '°C': 'degC',
  C: 'degC',
  celsius: 'degC',
  '°F': 'degF',
  F: 'degF',
  fahrenheit: 'degF',
  kelvin: 'K',
  PSI: 'psi',
  'm³/h': 'm3/h',
  'm^3/h': 'm3/h',
  'l/min': 'L/min',
  lpm: 'L/min',
  'l/s': 'L/s',
  'm³/s': 'm3/s',
  'm/s²': 'm/s2',
  'm/s^2': 'm/s2',
  'in/sec': 'in/s',
  ips: 'in/s',
  percent: '%',
  Nm: 'N·m',
  'N*m': 'N·m',
  'N.m': 'N·m',
  'lbf*ft': 'lbf·ft',
  ft·lbf: 'lbf·ft',
};

/** Our code for a unit as written in an import or a payload, or null when it is not one we know. */
export function normaliseUnit(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed in LIBRARY_NAMES) return trimmed;
  return ALIASES[trimmed] ?? ALIASES[trimmed.toLowerCase()] ?? null;
}

export function isUnitOf(quantity: Quantity, unit: string): boolean {
  const code = normaliseUnit(unit);
  return code !== null && (QUANTITIES[quantity].units as readonly string[]).includes(code);
}

/** The quantities a unit can measure (bar: pressure, differential pressure, actuator supply pressure). */
export function quantitiesOfUnit(unit: string): Quantity[] {
  return QUANTITY_NAMES.filter((q) => isUnitOf(q, unit));
}

/** Compiled converters by '<from code> <to code>': compiling one parses both units, which cost the condition engine
 * more than all its statistics when done per reading (issue 31). */
const converters = new Map<string, (value: number) => number>();

/**
 * A converter between two units of one quantity, for one value or many (js-quantities' compiled converter, so a
 * column of a CSV converts without parsing units per value). Throws when the units do not measure the same thing.
 */
export function unitConverter(from: string, to: string): (value: number) => number {
  const a = normaliseUnit(from);
  const b = normaliseUnit(to);
  if (a === null || b === null) throw new Error(`unknown unit ${a === null ? from : to}`);
  if (a === b) return (v) => v;
  const key = `${a} ${b}`;
  let convert = converters.get(key);
  if (!convert) {
    convert =
      temperatureConverter(LIBRARY_NAMES[a], LIBRARY_NAMES[b]) ??
      Qty.swiftConverter(LIBRARY_NAMES[a], LIBRARY_NAMES[b]);
    converters.set(key, convert);
  }
  return convert;
}

/**
 * js-quantities' own temperature arithmetic (toTempK, then toTemp, in build/quantities.js), without the Qty it makes
 * per value: ~4 µs a reading against ~0.02, which was a quarter to two thirds of the engine's time on hourly data
 * (issue 31). The same operations in the same order, so the same numbers to the last bit (quantities.test.ts holds
 * it against the library); only a value below absolute zero is no longer thrown on (impossibleReading refuses it
 * first). Null for other units, which the library converts as fast as this would.
 */
const TO_KELVIN: Partial<Record<string, (v: number) => number>> = {
  tempK: (v) => v,
  tempC: (v) => v + 273.15,
  tempF: (v) => ((v + 459.67) * 5) / 9,
};
const FROM_KELVIN: Partial<Record<string, (k: number) => number>> = {
  tempK: (k) => k,
  tempC: (k) => k - 273.15,
  tempF: (k) => (k * 9) / 5 - 459.67,
};
function temperatureConverter(from: string, to: string): ((value: number) => number) | null {
  const toKelvin = TO_KELVIN[from];
  const fromKelvin = FROM_KELVIN[to];
  return toKelvin && fromKelvin ? (v) => fromKelvin(toKelvin(v)) : null;
}

/**
 * A converter for changes (differences) rather than readings: a rise of 5 °C is a rise of 9 °F, whatever the
 * offset between the scales.
 */
export function changeConverter(from: string, to: string): (change: number) => number {
  const convert = unitConverter(from, to);
  const zero = convert(0);
  return (d) => convert(d) - zero;
}

/** A value of the quantity in `unit`, in the quantity's canonical unit. */
export function toCanonical(quantity: Quantity, value: number, unit: string): number {
  if (!isUnitOf(quantity, unit))
    throw new Error(`${unit} is not a unit of ${QUANTITIES[quantity].label.toLowerCase()}`);
  return unitConverter(unit, QUANTITIES[quantity].unit)(value);
}

/** A canonical value of the quantity shown in another of its units. */
export function fromCanonical(quantity: Quantity, value: number, unit: string): number {
  return unitConverter(QUANTITIES[quantity].unit, unit)(value);
}

/**
 * Values no sensor can read, by quantity (issue 27, item 7: a temperature below absolute zero answered 500, since
 * the converter throws on it, and failed its whole batch). Each floor is given in the unit it is exact in.
 * Temperature: absolute zero. Line and supply pressure, gauge or absolute: a perfect vacuum, which is at most
 * 1.085 bar below the atmosphere (the highest sea-level pressure recorded is 1.084 bar). Vibration velocity and
 * acceleration are RMS magnitudes (ISO 10816 zones), never negative. Differential pressure, flow, current, travel
 * and torque have a sign, and a position may overtravel: no floor.
 */
const PHYSICAL_FLOORS: Partial<Record<Quantity, { value: number; unit: string; what: string }>> = {
  temperature: { value: 0, unit: 'K', what: 'absolute zero' },
  pressure: { value: -1.085, unit: 'bar', what: 'a perfect vacuum' },
  actuatorSupplyPressure: { value: -1.085, unit: 'bar', what: 'a perfect vacuum' },
  vibrationVelocity: { value: 0, unit: 'mm/s', what: 'zero (a vibration level is a magnitude)' },
  vibrationAcceleration: { value: 0, unit: 'm/s2', what: 'zero (a vibration level is a magnitude)' },
};

/**
 * Why a value in `unit` cannot be a reading of the quantity (below its physical floor, or too large to hold once
 * converted to the canonical unit), or null when it can.
 */
export function impossibleReading(quantity: Quantity, value: number, unit: string): string | null {
  const floor = PHYSICAL_FLOORS[quantity];
  const label = unitLabel(unit);
  if (floor) {
    const least = unitConverter(floor.unit, unit)(floor.value);
    if (value < least) return `${value} ${label} is below ${floor.what} (${Math.round(least * 1000) / 1000} ${label})`;
  }
  if (!Number.isFinite(toCanonical(quantity, value, unit)))
    return `${value} ${label} is too large to store in ${unitLabel(QUANTITIES[quantity].unit)}`;
  return null;
}

/** How a unit is written for people: °C rather than degC, m³/h rather than m3/h. */
export function unitLabel(unit: string): string {
  const code = normaliseUnit(unit) ?? unit;
  return UNIT_LABELS[code] ?? code;
}
const UNIT_LABELS: Record<string, string> = {
  degC: '°C',
  degF: '°F',
  'm3/h': 'm³/h',
  'm3/s': 'm³/s',
  'm/s2': 'm/s²',
  psi: 'PSI',
};

/**
 * A channel's role guessed from its name, for channels created on first sight (an MQTT topic or a CSV column
 * called `p_upstream`, `inlet_pressure`, `position_sp`, `travel_fb`). The engineer can correct it.
 */
export function guessChannelRole(name: string, quantity: Quantity): ChannelRole | undefined {
  const n = name.toLowerCase();
  if (quantity === 'pressure') {
    if (/(up|inlet|p1\b|_in\b)/.test(n)) return 'upstream';
    if (/(down|outlet|p2\b|_out\b)/.test(n)) return 'downstream';
  }
  if (quantity === 'position') {
    if (/(command|cmd|setpoint|\bsp\b|_sp\b|demand|output|\bop\b)/.test(n)) return 'command';
    if (/(feedback|\bfb\b|_fb\b|travel|actual|\bpv\b|_pv\b|measured)/.test(n)) return 'feedback';
  }
  return undefined;
}

/** The spec's three sensors as channels: the channel named like one is that sensor, in its stored unit. */
export const SPEC_SENSOR_CHANNELS: Record<SensorType, { quantity: Quantity; unit: string }> = {
  temperature: { quantity: 'temperature', unit: 'degF' },
  pressure: { quantity: 'pressure', unit: 'psi' },
  vibration: { quantity: 'vibrationVelocity', unit: 'mm/s' },
};

/**
 * The quantity of a channel seen for the first time, from its unit, and from its name where the unit measures
 * several (bar: `dp_valve` a differential pressure, `air_supply` an actuator supply pressure, else a pressure).
 * Null when the unit is not one we know. A channel named like a spec sensor has that sensor's quantity.
 */
export function quantityOfChannel(name: string, unit: string): Quantity | null {
  const spec = SPEC_SENSOR_CHANNELS[name as SensorType];
  if (spec) return spec.quantity;
  const options = quantitiesOfUnit(unit);
  if (options.length <= 1) return options[0] ?? null;
  const n = name.toLowerCase();
  if (options.includes('differentialPressure') && /(^|[^a-z])(dp|diff|delta)|differential/.test(n))
    return 'differentialPressure';
  if (options.includes('actuatorSupplyPressure') && /supply|air|actuator|instrument/.test(n))
    return 'actuatorSupplyPressure';
  return options[0];
}
