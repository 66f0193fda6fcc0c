import type { ValveCriticality } from '@common/constants';
import { DEMO_PLANTS, type ValveStatus, type ValveType } from '@common/constants';
import { areaOfLocation } from '@common/plant-places';
import type { SeededRandom } from '../lib/seeded-random';
import { AREAS, demoMaterials, MODELS, PLANT_SYSTEMS, PRESSURE_CLASSES, SIZES, TYPE_CODES } from './catalog';
import { manualTexts } from './manuals';

const DAY = 86_400_000;

/** The five sample valves of spec §9, first in every demo organization. */
const SAMPLES: { valveId: string; type: ValveType; plantIndex: number }[] = [
  { valveId: 'V-001-BV', type: 'Ball Valve', plantIndex: 0 },
  { valveId: 'V-002-GV', type: 'Gate Valve', plantIndex: 1 },
  { valveId: 'V-003-CV', type: 'Check Valve', plantIndex: 2 },
  { valveId: 'V-004-NV', type: 'Globe Valve', plantIndex: 3 },
  { valveId: 'V-005-PV', type: 'Safety Relief Valve', plantIndex: 0 },
];

const TYPE_WEIGHTS: [ValveType, number][] = [
  ['Ball Valve', 30],
  ['Gate Valve', 25],
  ['Globe Valve', 20],
  ['Check Valve', 15],
  ['Safety Relief Valve', 10],
];

const STATUS_WEIGHTS: [ValveStatus, number][] = [
  ['active', 76],
  ['maintenance', 11],
  ['overdue', 8],
  ['decommissioned', 5],
];

export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** One valve's row (without organization) plus what the readings generator needs to know of its process. */
/**
 * A valve's criticality without a draw of the seeded random (the rest of the demo keeps its values): relief valves
 * and a nuclear plant's valves are A, every third isolation valve elsewhere C (a spare line), the rest B.
 */
function criticalityOf(type: string, plant: string, index: number): ValveCriticality {
  if (type === 'Safety Relief Valve' || plant.startsWith('Nuclear')) return 'A';
  return (type === 'Ball Valve' || type === 'Butterfly Valve') && index % 3 === 0 ? 'C' : 'B';
}

export function makeValve(random: SeededRandom, index: number, now: number) {
  const sample = SAMPLES[index];
  const type = sample?.type ?? random.weighted(TYPE_WEIGHTS);
  const plant = DEMO_PLANTS[sample?.plantIndex ?? random.int(0, DEMO_PLANTS.length - 1)];
  const code = sample?.valveId.slice(-2) ?? TYPE_CODES[type];
  const valveId = sample?.valveId ?? `V-${String(index + 1).padStart(3, '0')}-${code}`;
  const model = sample?.valveId === 'V-004-NV' ? MODELS['Globe Valve'][1] : random.pick(MODELS[type]);
  const process = random.pick(PLANT_SYSTEMS[plant]);
  const pressureClass = random.pick(PRESSURE_CLASSES);
  const size = random.pick(SIZES);
  const status = index < SAMPLES.length ? 'active' : random.weighted(STATUS_WEIGHTS);
  const intervalDays = type === 'Safety Relief Valve' ? 365 : random.pick([90, 180, 180, 365]);
  const lastDaysAgo = status === 'overdue' ? intervalDays + random.int(3, 40) : random.int(5, intervalDays - 5);
  const lastMaintenance = now - lastDaysAgo * DAY;
  const serial = `${code}${random.int(100000, 999999)}`;
  const installedYear = random.int(1998, 2023);
  const materials = demoMaterials({
    type,
    plant,
    tempF: process.tempF,
    smallBore: SIZES.indexOf(size) <= SIZES.indexOf('2"'),
    rating: Number(pressureClass.label.replace('Class ', '')),
  });
  const texts = manualTexts({
    ...materials,
    valveId,
    type,
    size,
    pressureClass: pressureClass.label,
    ratingPsi: pressureClass.psi,
    system: process.system,
    plant,
    model,
    serial,
    installedYear,
  });
  const location = `${random.pick(AREAS)}, Elev. ${random.pick([0, 12, 24, 36])} ft, Line ${random.int(100, 899)}`;
  return {
    row: {
      valveId,
      type,
      size,
      pressure: `${pressureClass.label} (${pressureClass.psi} PSI)`,
      plant,
      area: areaOfLocation(location),
      location,
      system: process.system,
      ...materials,
      manufacturer: model.manufacturer,
      model: model.model,
      status,
      criticality: criticalityOf(type, plant, index),
      ...texts,
      lastMaintenance: isoDay(lastMaintenance),
      nextMaintenance: status === 'decommissioned' ? null : isoDay(lastMaintenance + intervalDays * DAY),
      maintenanceIntervalDays: intervalDays,
      createdAt: new Date(now - random.int(400, 1500) * DAY),
    },
    process: { tempF: process.tempF, pressurePsi: pressureClass.psi * process.load, ratingPsi: pressureClass.psi },
    lastMaintenance,
  };
}
