import { approx, inUnit, psi } from '@common/relief-valves/exact';
import { addMonths, type IntervalRule, replayIntervals } from '@common/relief-valves/intervals';
import { type ReliefCode, seatTestPressure, type TestMedium } from '@common/relief-valves/rules';
import type { ReliefTestWork } from '@common/schemas/relief-valves';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  reliefCertificates,
  reliefDevices,
  reliefInstallations,
  reliefInstruments,
  reliefQualifications,
  reliefTags,
  reliefTests,
} from '../db/schema';
import { SeededRandom } from '../lib/seeded-random';
import { judgeWork, resultOf } from '../modules/relief-valves';

/*
 * The relief valve shop of the demo (docs/relief-valves.md): certificates, qualifications, benches and gauges (one
 * gauge past calibration), a few dozen tags across the plants with their devices and years of tests (mostly
 * passes, some as-found failures), four spares, one swap (PSV-1075), and one draft held back by the expired gauge.
 * Its own PRNG, so adding it moved nothing else of the demo.
 */

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const MODELS = [
  { manufacturer: 'Farris', model: '2600 Series', design: 'conventional', seatType: 'metal' },
  { manufacturer: 'Farris', model: '2700 Series', design: 'bellows', seatType: 'metal' },
  { manufacturer: 'Crosby', model: 'JOS-E', design: 'conventional', seatType: 'metal' },
  { manufacturer: 'Consolidated', model: '1900 Series', design: 'conventional', seatType: 'metal' },
  { manufacturer: 'Anderson Greenwood', model: 'Series 200', design: 'pilot', seatType: 'soft' },
  { manufacturer: 'Leser', model: 'Type 526', design: 'conventional', seatType: 'metal' },
] as const;
const ORIFICES = [
  { orifice: 'D', inlet: '1"', outlet: '2"', capacity: '1,590 lb/h' },
  { orifice: 'E', inlet: '1"', outlet: '2"', capacity: '2,840 lb/h' },
  { orifice: 'F', inlet: '1-1/2"', outlet: '2"', capacity: '4,450 lb/h' },
  { orifice: 'G', inlet: '1-1/2"', outlet: '3"', capacity: '7,290 lb/h' },
  { orifice: 'H', inlet: '2"', outlet: '3"', capacity: '11,400 lb/h' },
  { orifice: 'J', inlet: '3"', outlet: '4"', capacity: '18,700 lb/h' },
  { orifice: 'K', inlet: '3"', outlet: '4"', capacity: '26,700 lb/h' },
  { orifice: 'L', inlet: '4"', outlet: '6"', capacity: '41,400 lb/h' },
] as const;
const SERVICES: Record<string, { service: string; equipment: string[]; code: ReliefCode; medium: TestMedium }[]> = {
  'Power Plant A': [
    {
      service: 'Saturated steam',
      equipment: ['Boiler B-1 steam drum', 'Boiler B-2 superheater outlet'],
      code: 'asme-i',
      medium: 'steam',
    },
    {
      service: 'Feedwater',
      equipment: ['Feedwater heater FWH-3 shell', 'Deaerator DA-1'],
      code: 'asme-viii',
      medium: 'water',
    },
  ],
  'Gas Plant B': [
    {
      service: 'Natural gas',
      equipment: ['Inlet separator V-101', 'Compressor K-301 discharge', 'Glycol contactor C-201'],
      code: 'asme-viii',
      medium: 'nitrogen',
    },
    { service: 'Instrument air', equipment: ['Air receiver V-450'], code: 'asme-viii', medium: 'air' },
  ],
  'Chemical Plant C': [
    {
      service: 'Ammonia vapour',
      equipment: ['Ammonia receiver V-620', 'Refrigeration separator V-630'],
      code: 'asme-viii',
      medium: 'nitrogen',
    },
    {
      service: 'Hydrocarbon liquid',
      equipment: ['Reactor feed drum D-510', 'Exchanger E-204 shell'],
      code: 'asme-viii',
      medium: 'water',
    },
  ],
  'Nuclear Plant D': [
    {
      service: 'Component cooling water',
      equipment: ['CCW surge tank T-12', 'RHR heat exchanger E-7'],
      code: 'asme-viii',
      medium: 'water',
    },
    { service: 'Main steam', equipment: ['Main steam header MS-1'], code: 'asme-i', medium: 'steam' },
  ],
};
const TAGS_PER_PLANT = 8;

/** The demo's gauge whose 25-75% of full scale holds a set pressure (judge.ts GAUGE_FIT). */
const gaugeFor = (set: number) => (set <= 75 ? 'G-103' : set <= 225 ? 'G-104' : set <= 750 ? 'G-101' : 'G-102');
const SPARES = 4;

type Context = {
  organizationId: number;
  now: number;
  /** Technicians first: they test. */
  testers: number[];
  reliefValves: { id: number; plant: string }[];
  plants: readonly string[];
};

function popFigures(random: SeededRandom, set: number, fails: boolean) {
  const deviation = fails ? random.pick([-1, 1]) * random.between(0.05, 0.09) : random.between(-0.015, 0.015);
  const opening = Math.round(set * (1 + deviation) * 10) / 10;
  return {
    opening,
    simmer: Math.round(opening * 0.97 * 10) / 10,
    // Measured blowdown (ASME PTC 25: opening − reseat) of 2.5-3.5% of the opening: inside ASME I's 2-4% of set.
    reseat: Math.round(opening * (1 - random.between(0.025, 0.035)) * 10) / 10,
    chatter: fails && random.chance(0.3),
  };
}

function seatFigures(random: SeededRandom, set: number, medium: TestMedium, leaks: boolean, soft: boolean) {
  const heldPressure = Math.ceil(approx(inUnit(seatTestPressure(psi(set)), 'psi'), 4));
  if (medium === 'steam') return { method: 'API 527 steam', medium, heldPressure, leakSeen: leaks };
  if (medium === 'water') {
    const rate = leaks ? random.int(40, 90) : random.int(0, 6);
    // API 527: a soft seat allows no leakage at all (the draw is kept so the rest of the demo stays as it was).
    return { method: 'API 527 water', medium, heldPressure, leakageCm3PerHour: soft && !leaks ? 0 : rate };
  }
  return {
    method: 'API 527 bubble',
    medium,
    heldPressure,
    bubblesPerMinute: leaks ? random.int(70, 140) : soft ? 0 : random.int(0, 12),
  };
}

/** One shop visit: as found (some failing), inspection, and what was done, then as left. */
function makeWork(
  random: SeededRandom,
  set: number,
  medium: TestMedium,
  failing: boolean,
  soft: boolean,
): ReliefTestWork {
  const failOpening = failing && random.chance(0.6);
  const plugged = failing && !failOpening && random.chance(0.4);
  const leaks = failing && !failOpening && !plugged;
  return {
    asFound: popFigures(random, set, failOpening),
    asFoundSeat: seatFigures(random, set, medium, leaks, soft),
    piping: { inlet: plugged ? 'plugged' : random.pick(['clear', 'clear', 'partly blocked']), outlet: 'clear' },
    inspection: [
      { part: 'Nozzle', condition: failing ? 'worn' : 'good' },
      { part: 'Disc', condition: leaks ? 'damaged' : 'good' },
      { part: 'Spring', condition: random.pick(['good', 'good', 'corroded']) },
      { part: 'Guide', condition: 'good' },
    ],
    partsReplaced: leaks ? ['Disc', 'Gaskets'] : failing ? ['Gaskets'] : [],
    adjustments: failOpening ? 'Spring adjusted to set; blowdown ring reset.' : 'Seats lapped.',
    asLeft: {
      opening: Math.round(set * (1 + random.between(-0.005, 0.005)) * 10) / 10,
      simmer: Math.round(set * 0.98 * 10) / 10,
      reseat: Math.round(set * 0.97 * 10) / 10,
    },
    asLeftSeat: seatFigures(random, set, medium, false, soft),
    sealNumber: `S-${random.int(10000, 99999)}`,
  };
}

export async function generateReliefValves(db: Database, context: Context) {
  const random = new SeededRandom(1075);
  const { organizationId, now, testers } = context;
  const [vr, testOnly] = await db
    .insert(reliefCertificates)
    .values([
      {
        organizationId,
        kind: 'vr',
        number: 'VR-4512',
        holder: 'Northfield Valve Shop, 12 Mill Road',
        expiresOn: day(now + 400 * DAY),
      },
      {
        organizationId,
        kind: 'to',
        number: 'T/O-0871',
        holder: 'Northfield Field Test Crew',
        expiresOn: day(now + 200 * DAY),
      },
      {
        organizationId,
        kind: 'owner',
        number: 'OP-NF-01',
        holder: "Northfield owner's inspection programme",
        expiresOn: day(now + 700 * DAY),
      },
    ])
    .returning({ id: reliefCertificates.id });
  await db.insert(reliefQualifications).values(
    testers.flatMap((userId, i) => [
      {
        organizationId,
        userId,
        certificateId: vr.id,
        number: `Q-${210 + i}`,
        scope: i === 1 ? 'test' : 'repair',
        expiresOn: day(now + (300 + i * 40) * DAY),
      },
      {
        organizationId,
        userId,
        certificateId: testOnly.id,
        number: `QT-${310 + i}`,
        scope: 'test',
        expiresOn: day(now + 250 * DAY),
      },
    ]),
  );
  const instruments = await db
    .insert(reliefInstruments)
    .values([
      {
        organizationId,
        kind: 'bench',
        identifier: 'B-01',
        description: 'High-volume air bench, 30 L receiver, 2 in piping',
        calibrationDueOn: day(now + 120 * DAY),
      },
      {
        organizationId,
        kind: 'bench',
        identifier: 'B-02',
        description: 'Steam and water bench',
        calibrationDueOn: day(now + 200 * DAY),
      },
      {
        organizationId,
        kind: 'gauge',
        identifier: 'G-101',
        description: 'Test gauge 0-1,000 psi, 0.25% FS',
        calibrationDueOn: day(now + 90 * DAY),
        rangeMax: 1000,
        accuracyPercent: 0.25,
      },
      {
        organizationId,
        kind: 'gauge',
        identifier: 'G-102',
        description: 'Test gauge 0-1,500 psi, 0.25% FS',
        calibrationDueOn: day(now + 150 * DAY),
        rangeMax: 1500,
        accuracyPercent: 0.25,
      },
      {
        organizationId,
        kind: 'gauge',
        identifier: 'G-103',
        description: 'Test gauge 0-100 psi, 0.25% FS',
        calibrationDueOn: day(now + 150 * DAY),
        rangeMax: 100,
        accuracyPercent: 0.25,
      },
      {
        organizationId,
        kind: 'gauge',
        identifier: 'G-104',
        description: 'Test gauge 0-300 psi, 0.25% FS',
        calibrationDueOn: day(now + 180 * DAY),
        rangeMax: 300,
        accuracyPercent: 0.25,
      },
      {
        organizationId,
        kind: 'gauge',
        identifier: 'G-117',
        description: 'Test gauge 0-300 psi, 0.25% FS',
        calibrationDueOn: day(now - 20 * DAY),
        rangeMax: 300,
        accuracyPercent: 0.25,
      },
    ])
    .returning({ id: reliefInstruments.id, identifier: reliefInstruments.identifier });
  const instrument = (identifier: string) => instruments.find((i) => i.identifier === identifier)?.id ?? 0;

  const unlinked = [...context.reliefValves];
  const plans = context.plants.flatMap((plant, p) =>
    Array.from({ length: TAGS_PER_PLANT }, (_, k) => {
      const kind = random.pick(SERVICES[plant]);
      const set =
        kind.code === 'asme-i'
          ? random.pick([150, 250, 450, 650, 900])
          : random.pick([35, 50, 70, 75, 125, 150, 285, 400, 740]);
      const valveIndex = unlinked.findIndex((v) => v.plant === plant);
      const valveId = valveIndex >= 0 ? unlinked.splice(valveIndex, 1)[0].id : null;
      const rule: IntervalRule = k % 2 ? 'risk-based' : 'fixed';
      return {
        tag: p === 1 && k === 0 ? 'PSV-1075' : `PSV-${1000 + p * 100 + k * 7 + 11}`,
        plant,
        valveId,
        kind,
        set,
        rule,
        intervalMonths: kind.code === 'asme-i' ? 12 : random.pick([24, 36, 48]),
      };
    }),
  );
  const tags = await db
    .insert(reliefTags)
    .values(
      plans.map((plan) => ({
        organizationId,
        tag: plan.tag,
        plant: plan.plant,
        valveId: plan.valveId,
        setPressure: plan.set,
        protectedEquipment: random.pick(plan.kind.equipment),
        service: plan.kind.service,
        intervalRule: plan.rule,
        intervalMonths: plan.intervalMonths,
        currentIntervalMonths: plan.intervalMonths,
        maxIntervalMonths: 120,
      })),
    )
    .returning({ id: reliefTags.id });

  const deviceOf = (serial: number, set: number, code: ReliefCode) => {
    const model = random.pick(MODELS);
    const size = random.pick(ORIFICES);
    return {
      organizationId,
      serialNumber: `${model.manufacturer.slice(0, 2).toUpperCase()}-${serial}`,
      ...model,
      orifice: size.orifice,
      inletSize: size.inlet,
      outletSize: size.outlet,
      capacity: size.capacity,
      setPressure: set,
      codeStamp: code === 'asme-i' ? 'V' : 'UV',
      code,
    };
  };
  const deviceRows = [
    ...plans.map((plan, i) => deviceOf(48_210 + i * 37, plan.set, plan.kind.code)),
    ...Array.from({ length: SPARES }, (_, i) => deviceOf(61_050 + i * 11, plans[8 + i].set, plans[8 + i].kind.code)),
  ];
  const devices = await db.insert(reliefDevices).values(deviceRows).returning({ id: reliefDevices.id });

  // The second tester is qualified to test only: the shop's repairs are the others'.
  const repairers = testers.filter((_, i) => i !== 1);
  const installations: (typeof reliefInstallations.$inferInsert)[] = [];
  const tests: (typeof reliefTests.$inferInsert)[] = [];
  const record = (
    deviceIndex: number,
    tagId: number | null,
    testedOn: string,
    medium: TestMedium,
    failing: boolean,
    extra: Partial<typeof reliefTests.$inferInsert> = {},
  ) => {
    const device = deviceRows[deviceIndex];
    const work = makeWork(random, device.setPressure, medium, failing, device.seatType === 'soft');
    const judged = judgeWork(device, medium, work);
    const gauge = gaugeFor(device.setPressure);
    tests.push({
      organizationId,
      deviceId: devices[deviceIndex].id,
      tagId,
      status: 'submitted',
      testedOn,
      place: 'shop',
      testerUserId: repairers[tests.length % repairers.length],
      certificateId: vr.id,
      gaugeId: instrument(gauge),
      benchId: instrument(medium === 'steam' || medium === 'water' ? 'B-02' : 'B-01'),
      medium,
      setPressure: device.setPressure,
      code: device.code,
      work,
      asFoundJudgement: judged.asFound,
      asLeftJudgement: judged.asLeft,
      asFoundResult: resultOf(judged.asFound),
      asLeftResult: resultOf(judged.asLeft),
      submittedAt: new Date(`${testedOn}T15:00:00Z`),
      ...extra,
    });
  };

  plans.forEach((plan, i) => {
    // The last visit falls so that a few positions are overdue and some due this month or next.
    const lastMs = now - random.int(30, plan.intervalMonths * 30 + 60) * DAY;
    const visits = random.int(2, 4);
    const dates = Array.from({ length: visits }, (_, v) =>
      addMonths(day(lastMs), -plan.intervalMonths * (visits - 1 - v)),
    );
    installations.push({
      organizationId,
      tagId: tags[i].id,
      deviceId: devices[i].id,
      installedOn: addMonths(dates[0], -1),
    });
    for (const testedOn of dates) record(i, tags[i].id, testedOn, plan.kind.medium, random.chance(0.14));
  });

  // The swap on PSV-1075: its valve came out for a failed as-found test, and a spare went in the same day; the
  // spare's own bench test before it went in stays with the spare.
  const swapTag = plans.findIndex((p) => p.tag === 'PSV-1075');
  const spare = plans.length;
  const swapDay = day(now - 75 * DAY);
  const original = installations.find((x) => x.tagId === tags[swapTag].id);
  if (original) original.removedOn = swapDay;
  record(spare, null, day(now - 120 * DAY), plans[swapTag].kind.medium, false);
  record(swapTag, tags[swapTag].id, swapDay, plans[swapTag].kind.medium, true);
  installations.push({ organizationId, tagId: tags[swapTag].id, deviceId: devices[spare].id, installedOn: swapDay });

  // A draft held back: tested last week with G-117, whose calibration ran out before the test.
  const draftTag = plans.findIndex((p) => p.plant === context.plants[2]);
  record(draftTag, tags[draftTag].id, day(now - 6 * DAY), plans[draftTag].kind.medium, false, {
    status: 'draft',
    gaugeId: instrument('G-117'),
    submittedAt: null,
  });

  await db.insert(reliefInstallations).values(installations);
  await db.insert(reliefTests).values(tests);
  for (const [i, plan] of plans.entries()) {
    // The tag's due date comes from the device on it (tag-intervals.ts): PSV-1075's spare brings its own test.
    const installedDevice = installations.find((x) => x.tagId === tags[i].id && !x.removedOn)?.deviceId;
    const history = tests
      .filter((t) => t.deviceId === installedDevice && t.status === 'submitted')
      .sort((a, b) => a.testedOn.localeCompare(b.testedOn))
      .map((t) => ({ testedOn: t.testedOn, asFound: t.asFoundResult as 'pass' | 'fail' }));
    const replay = replayIntervals(
      { rule: plan.rule, intervalMonths: plan.intervalMonths, maxIntervalMonths: 120 },
      history,
    );
    await db
      .update(reliefTags)
      .set({
        currentIntervalMonths: replay.intervalMonths,
        intervalReason: replay.reason,
        lastTestedOn: replay.lastTestedOn,
        nextDueOn: replay.nextDueOn,
      })
      .where(eq(reliefTags.id, tags[i].id));
  }
  return { tags: tags.length, devices: devices.length, tests: tests.length };
}
