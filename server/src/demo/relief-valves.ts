import type { DemoPlant } from '@common/constants';
import { addMonths, type IntervalRule, replayIntervals } from '@common/relief-valves/intervals';
import type { TestMedium } from '@common/relief-valves/rules';
import type { ReliefTestWork } from '@common/schemas/relief-valves';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { photos, reliefDevices, reliefInstallations, reliefTags, reliefTests } from '../db/schema';
import { SeededRandom } from '../lib/seeded-random';
import { judgeWork, resultOf } from '../modules/relief-valves';
import { type KeepFile, writeNameplatePhoto } from './images';
import {
  modelOfValveRecord,
  ORIFICE_BY_INLET,
  RELIEF_MODELS,
  type ReliefService,
  ratedCapacity,
  SPARE_INLETS,
  SYSTEM_SERVICES,
} from './relief-catalog';
import { seedReliefShop } from './relief-shop';
import { makeWork } from './relief-work';

/*
 * The relief valve shop of the demo (docs/relief-valves.md): certificates, qualifications, benches and gauges (one
 * gauge past calibration), a few dozen tags across the plants with their devices and years of tests (mostly
 * passes, some as-found failures), four spares, one swap (PSV-1075), and one draft held back by the expired gauge.
 * A tag on a valve record relieves that record's system, and its device (and the like-for-like spare) is of that
 * record's maker, model and size (relief-catalog.ts). Its own PRNG, so adding it moved nothing else of the demo.
 */

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const TAGS_PER_PLANT = 8;

/** The demo's gauge whose 25-75% of full scale holds a set pressure (judge.ts GAUGE_FIT). */
const gaugeFor = (set: number) => (set <= 75 ? 'G-103' : set <= 225 ? 'G-104' : set <= 750 ? 'G-101' : 'G-102');
const SPARES = 4;

type ReliefValveRecord = {
  id: number;
  plant: string;
  manufacturer: string;
  model: string;
  size: string;
  system: string;
  /** The valve's pressure class rating: the set stays at or below it. */
  ratingPsi: number;
};

type Context = {
  organizationId: number;
  now: number;
  /** Keeps the nameplate photo of the first position's latest visit. */
  keep: KeepFile;
  /** Technicians first: they test. */
  testers: number[];
  /** Safety relief valve records: a tag on one takes its maker, model, size and system. */
  reliefValves: ReliefValveRecord[];
  plants: readonly string[];
};

/**
 * The tester of the first position's latest visit photographed its plate: the photo, on the valve record, is marked
 * on that record, so its certificate prints it (older visits marked none, and print none: the valve record's
 * "Nameplate and body" photo is of the valve, not of the plate).
 */
async function markNameplatePhoto(
  db: Database,
  context: Context,
  valveId: number | null,
  device: {
    serialNumber: string;
    manufacturer: string;
    model: string;
    orifice: string;
    setPressure: number;
    capacity: string;
    codeStamp: string;
  },
  visits: (typeof reliefTests.$inferInsert)[],
) {
  const latest = visits.at(-1);
  if (!valveId || !latest) return;
  const file = await writeNameplatePhoto(context.keep, [
    device.manufacturer.toUpperCase(),
    `MODEL ${device.model}  ORIFICE ${device.orifice}`,
    `S/N ${device.serialNumber}`,
    `SET ${device.setPressure} PSIG`,
    `CAP ${device.capacity}`,
    `NB  ${device.codeStamp}`,
  ]);
  const [photo] = await db
    .insert(photos)
    .values({
      ...file,
      organizationId: context.organizationId,
      valveId,
      description: `Nameplate, S/N ${device.serialNumber}`,
      createdAt: new Date(`${latest.testedOn}T14:00:00Z`),
    })
    .returning({ id: photos.id });
  latest.work = { ...(latest.work as ReliefTestWork), nameplatePhotoId: photo.id };
}

export async function generateReliefValves(db: Database, context: Context) {
  const random = new SeededRandom(1075);
  const { organizationId, now, testers } = context;
  const { vr, instruments } = await seedReliefShop(db, organizationId, now, testers);
  const instrument = (identifier: string) => instruments.find((i) => i.identifier === identifier)?.id ?? 0;

  const unlinked = [...context.reliefValves];
  const plans = context.plants.flatMap((plant, p) =>
    Array.from({ length: TAGS_PER_PLANT }, (_, k) => {
      const services = SYSTEM_SERVICES[plant as DemoPlant];
      const drawn = random.pick(Object.keys(services));
      const valveIndex = unlinked.findIndex((v) => v.plant === plant);
      const valve = valveIndex >= 0 ? unlinked.splice(valveIndex, 1)[0] : null;
      // A tag on a valve record relieves that record's system.
      const kind: ReliefService = services[valve?.system ?? drawn] ?? services[drawn];
      const sets = kind.code === 'asme-i' ? [150, 250, 450, 650, 900] : [35, 50, 70, 75, 125, 150, 285, 400, 740];
      // Set at or below the valve's rating, which stands in for the protected equipment's MAWP.
      const fit = valve ? sets.filter((set) => set <= valve.ratingPsi) : sets;
      const set = random.pick(fit.length ? fit : sets);
      const rule: IntervalRule = k % 2 ? 'risk-based' : 'fixed';
      return {
        tag: p === 1 && k === 0 ? 'PSV-1075' : `PSV-${1000 + p * 100 + k * 7 + 11}`,
        plant,
        valve,
        valveId: valve?.id ?? null,
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

  /** The device of a position: of its valve record's make and size where it has one, in the unit of its service. */
  const deviceOf = (serial: number, plan: (typeof plans)[number]) => {
    const drawnModel = random.pick(RELIEF_MODELS);
    const drawnInlet = random.pick(SPARE_INLETS);
    const model = plan.valve ? modelOfValveRecord(plan.valve.manufacturer, plan.valve.model) : drawnModel;
    const inletSize = plan.valve?.size ?? drawnInlet;
    const size = ORIFICE_BY_INLET[inletSize];
    return {
      organizationId,
      serialNumber: `${model.manufacturer.slice(0, 2).toUpperCase()}-${serial}`,
      ...model,
      orifice: size.orifice,
      inletSize,
      outletSize: size.outlet,
      capacity: ratedCapacity(plan.kind.fluid, size.area, plan.set),
      setPressure: plan.set,
      codeStamp: plan.kind.code === 'asme-i' ? 'V' : 'UV',
      code: plan.kind.code,
      serviceFluid: plan.kind.fluid,
      // Gas services discharge to the flare header: some built-up back pressure, within API 520's 10%.
      builtUpBackPressure: plan.kind.fluid === 'gas' ? Math.round(plan.set * 0.07 * 10) / 10 : null,
    };
  };
  // Spares are like-for-like: each the make and size of the position it stands in for (the first goes on PSV-1075).
  const deviceRows = [
    ...plans.map((plan, i) => deviceOf(48_210 + i * 37, plan)),
    ...Array.from({ length: SPARES }, (_, i) => deviceOf(61_050 + i * 11, plans[8 + i])),
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
  const firstVisits = tests.filter((t) => t.deviceId === devices[0].id && t.tagId === tags[0].id);
  await markNameplatePhoto(db, context, plans[0].valveId, deviceRows[0], firstVisits);
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
