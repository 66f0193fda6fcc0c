import type { ValveType } from '@common/constants';
import type { PartUnit } from '@common/schemas/parts';

/** A kind of spare a valve of a type takes: its code in part numbers, name, unit, price range and usual minimum. */
export type SpareKind = { code: string; name: string; unit: PartUnit; cost: [number, number]; minimum: number };

/** The spares each type of valve in the demo is kept running with, as a valve shop stocks them. */
export const SPARES_BY_TYPE: Record<ValveType, SpareKind[]> = {
  'Ball Valve': [
    { code: 'PK', name: 'Stem packing set, graphite', unit: 'set', cost: [38, 95], minimum: 4 },
    { code: 'SR', name: 'Seat ring pair, reinforced PTFE', unit: 'pair', cost: [140, 480], minimum: 2 },
    {
      code: 'SK',
      name: 'Soft goods repair kit (seats, seals, thrust washers)',
      unit: 'kit',
      cost: [180, 620],
      minimum: 2,
    },
    { code: 'BG', name: 'Body gasket, spiral wound', unit: 'each', cost: [22, 70], minimum: 6 },
    { code: 'BB', name: 'Body bolt and nut set, B7/2H', unit: 'set', cost: [45, 160], minimum: 2 },
    { code: 'BL', name: 'Ball, 316 SS, hard chrome', unit: 'each', cost: [650, 2400], minimum: 1 },
    { code: 'ST', name: 'Stem, 17-4 PH', unit: 'each', cost: [210, 560], minimum: 1 },
    { code: 'TW', name: 'Thrust washer set', unit: 'set', cost: [18, 55], minimum: 4 },
    { code: 'AK', name: 'Actuator seal repair kit', unit: 'kit', cost: [120, 390], minimum: 1 },
  ],
  'Gate Valve': [
    { code: 'PK', name: 'Stem packing set, die-formed graphite', unit: 'set', cost: [45, 130], minimum: 4 },
    { code: 'BG', name: 'Bonnet gasket, spiral wound 316/graphite', unit: 'each', cost: [28, 95], minimum: 6 },
    { code: 'BB', name: 'Bonnet bolt and nut set, B7/2H', unit: 'set', cost: [55, 190], minimum: 2 },
    { code: 'WD', name: 'Flexible wedge, stellite faced', unit: 'each', cost: [780, 3200], minimum: 1 },
    { code: 'SR', name: 'Seat ring, stellite 6 faced', unit: 'each', cost: [260, 980], minimum: 2 },
    { code: 'ST', name: 'Stem, 410 SS', unit: 'each', cost: [240, 720], minimum: 1 },
    { code: 'SN', name: 'Stem nut (yoke sleeve), aluminium bronze', unit: 'each', cost: [120, 340], minimum: 2 },
    { code: 'GF', name: 'Gland follower and flange set', unit: 'set', cost: [90, 260], minimum: 1 },
    { code: 'BS', name: 'Backseat bushing', unit: 'each', cost: [70, 210], minimum: 1 },
  ],
  'Globe Valve': [
    { code: 'PK', name: 'Stem packing set, PTFE V-ring', unit: 'set', cost: [55, 160], minimum: 4 },
    { code: 'BG', name: 'Bonnet gasket', unit: 'each', cost: [18, 60], minimum: 6 },
    { code: 'PL', name: 'Valve plug, 416 SS hardened', unit: 'each', cost: [420, 1500], minimum: 1 },
    { code: 'SR', name: 'Seat ring, 316 SS', unit: 'each', cost: [190, 640], minimum: 2 },
    { code: 'CG', name: 'Cage, equal percentage', unit: 'each', cost: [520, 1900], minimum: 1 },
    { code: 'SG', name: 'Seat ring gasket and shim set', unit: 'set', cost: [24, 75], minimum: 4 },
    { code: 'DI', name: 'Actuator diaphragm, nitrile/nylon', unit: 'each', cost: [85, 260], minimum: 2 },
    { code: 'SP', name: 'Actuator spring', unit: 'each', cost: [95, 310], minimum: 1 },
    {
      code: 'AK',
      name: 'Actuator repair kit (diaphragm, O-rings, bushings)',
      unit: 'kit',
      cost: [160, 480],
      minimum: 2,
    },
    { code: 'PR', name: 'Positioner repair kit', unit: 'kit', cost: [140, 420], minimum: 1 },
    { code: 'SC', name: 'Stem connector and travel indicator set', unit: 'set', cost: [60, 180], minimum: 1 },
  ],
  'Check Valve': [
    { code: 'DS', name: 'Disc, stellite faced', unit: 'each', cost: [310, 1200], minimum: 1 },
    { code: 'SR', name: 'Seat ring', unit: 'each', cost: [220, 760], minimum: 1 },
    { code: 'HP', name: 'Hinge pin and bushing set', unit: 'set', cost: [85, 240], minimum: 2 },
    { code: 'CG', name: 'Cover gasket, spiral wound', unit: 'each', cost: [24, 80], minimum: 6 },
    { code: 'CB', name: 'Cover bolt and nut set, B7/2H', unit: 'set', cost: [50, 170], minimum: 2 },
    { code: 'SP', name: 'Piston spring, Inconel X-750', unit: 'each', cost: [70, 220], minimum: 2 },
    { code: 'DN', name: 'Disc nut and lock pin', unit: 'set', cost: [30, 95], minimum: 2 },
    { code: 'AR', name: 'Hinge arm', unit: 'each', cost: [180, 520], minimum: 1 },
  ],
  'Safety Relief Valve': [
    { code: 'SP', name: 'Spring, set pressure range to nameplate', unit: 'each', cost: [180, 720], minimum: 1 },
    { code: 'DI', name: 'Disc insert, lapped', unit: 'each', cost: [160, 560], minimum: 2 },
    { code: 'NZ', name: 'Nozzle', unit: 'each', cost: [420, 1600], minimum: 1 },
    { code: 'GR', name: 'Guide', unit: 'each', cost: [210, 640], minimum: 1 },
    { code: 'BW', name: 'Bellows, Inconel 625', unit: 'each', cost: [680, 2100], minimum: 1 },
    { code: 'RR', name: 'Adjusting ring and pin set', unit: 'set', cost: [95, 280], minimum: 1 },
    { code: 'SK', name: 'Soft seat O-ring kit, Viton', unit: 'kit', cost: [45, 140], minimum: 3 },
    { code: 'GK', name: 'Gasket kit (cap, bonnet, inlet)', unit: 'kit', cost: [38, 120], minimum: 4 },
    { code: 'SW', name: 'Spring washer set', unit: 'set', cost: [55, 160], minimum: 2 },
    { code: 'LS', name: 'Lifting lever and cap assembly', unit: 'each', cost: [140, 380], minimum: 1 },
  ],
};

/** The shop's consumables, for any valve: by their makers, in the units they come in. */
export const CONSUMABLES: {
  partNumber: string;
  name: string;
  manufacturer: string;
  unit: PartUnit;
  cost: number;
  minimum: number;
}[] = [
  {
    partNumber: 'GAR-1303FEP-0.25',
    name: 'Braided graphite packing rope 1/4 in',
    manufacturer: 'Garlock',
    unit: 'm',
    cost: 14.2,
    minimum: 20,
  },
  {
    partNumber: 'GAR-1303FEP-0.375',
    name: 'Braided graphite packing rope 3/8 in',
    manufacturer: 'Garlock',
    unit: 'm',
    cost: 19.8,
    minimum: 20,
  },
  {
    partNumber: 'GAR-1303FEP-0.5',
    name: 'Braided graphite packing rope 1/2 in',
    manufacturer: 'Garlock',
    unit: 'm',
    cost: 26.5,
    minimum: 15,
  },
  {
    partNumber: 'CHE-1622-0.25',
    name: 'Carbon/graphite packing 1622, 1/4 in',
    manufacturer: 'Chesterton',
    unit: 'ft',
    cost: 6.4,
    minimum: 50,
  },
  {
    partNumber: 'CHE-477-0.5',
    name: 'Graphite packing 477-1, 1/2 in',
    manufacturer: 'Chesterton',
    unit: 'ft',
    cost: 9.1,
    minimum: 40,
  },
  {
    partNumber: 'FLX-CGI-150-4',
    name: 'Spiral wound gasket CGI, 4 in Class 150',
    manufacturer: 'Flexitallic',
    unit: 'each',
    cost: 18.9,
    minimum: 10,
  },
  {
    partNumber: 'FLX-CGI-300-6',
    name: 'Spiral wound gasket CGI, 6 in Class 300',
    manufacturer: 'Flexitallic',
    unit: 'each',
    cost: 32.4,
    minimum: 8,
  },
  {
    partNumber: 'FLX-CGI-600-2',
    name: 'Spiral wound gasket CGI, 2 in Class 600',
    manufacturer: 'Flexitallic',
    unit: 'each',
    cost: 21.7,
    minimum: 10,
  },
  {
    partNumber: 'FLX-SHEET-3MM',
    name: 'Flexicarb graphite sheet 3 mm',
    manufacturer: 'Flexitallic',
    unit: 'm',
    cost: 88,
    minimum: 2,
  },
  {
    partNumber: 'KLU-ISOFLEX-1KG',
    name: 'Valve stem grease, Isoflex Topas',
    manufacturer: 'Klüber',
    unit: 'kg',
    cost: 64,
    minimum: 3,
  },
  {
    partNumber: 'SEA-SEALANT-8000',
    name: 'Valve sealant 8000, ball valves',
    manufacturer: 'Sealweld',
    unit: 'kg',
    cost: 58,
    minimum: 4,
  },
  {
    partNumber: 'CLV-LAP-320',
    name: 'Lapping compound, 320 grit',
    manufacturer: 'Clover',
    unit: 'kg',
    cost: 42,
    minimum: 2,
  },
  {
    partNumber: 'CLV-LAP-1000',
    name: 'Lapping compound, 1000 grit',
    manufacturer: 'Clover',
    unit: 'kg',
    cost: 47,
    minimum: 2,
  },
  {
    partNumber: 'BOL-B7-0.625X4',
    name: 'Stud bolt B7 5/8 in x 4 in with 2H nuts',
    manufacturer: 'Nord-Lock',
    unit: 'each',
    cost: 6.8,
    minimum: 40,
  },
  {
    partNumber: 'BOL-B7-0.75X5',
    name: 'Stud bolt B7 3/4 in x 5 in with 2H nuts',
    manufacturer: 'Nord-Lock',
    unit: 'each',
    cost: 9.6,
    minimum: 40,
  },
  {
    partNumber: 'LOC-PTFE-TAPE',
    name: 'PTFE thread tape, 1/2 in',
    manufacturer: 'Loctite',
    unit: 'box',
    cost: 36,
    minimum: 2,
  },
  {
    partNumber: 'PAR-ORING-KIT-V',
    name: 'O-ring assortment, Viton',
    manufacturer: 'Parker',
    unit: 'box',
    cost: 145,
    minimum: 1,
  },
];

/** The makers' short names in part numbers. */
export const MAKER_CODES: Record<string, string> = {
  'Emerson Fisher': 'FIS',
  'Flowserve Worcester': 'WOR',
  Cameron: 'CAM',
  Velan: 'VEL',
  Crane: 'CRA',
  KSB: 'KSB',
  Parker: 'PAR',
  Samson: 'SAM',
  'Emerson Crosby': 'CRO',
  'Baker Hughes Consolidated': 'CON',
  Leser: 'LES',
};
