import { z } from 'zod';
import { PRESSURE_UNITS } from '../relief-valves/exact';
import { INTERVAL_RULES, MAX_INTERVAL_MONTHS } from '../relief-valves/intervals';
import { PIPING_CONDITIONS, RELIEF_CODES, SEAT_TYPES, TEST_MEDIA } from '../relief-valves/rules';
import { SERVICE_FLUIDS } from '../relief-valves/set-conditions';
import { calendarDate, required, text, version } from './fields';
import { recordId } from './params';
import { plantName } from './plants';

/*
 * Relief valves: tags (positions), devices (serial-numbered valves), installations, test records, and who may test
 * (docs/relief-valves.md). Pressures on the wire are psi gauge; a write may send them in another unit
 * (`pressureUnit`) and the server converts (common/quantities.ts).
 */

export { PRESSURE_UNITS, SERVICE_FLUIDS };
export const CERTIFICATE_KINDS = ['vr', 'to', 'owner'] as const;
export const CERTIFICATE_KIND_LABELS = { vr: 'NB VR', to: 'NB T/O (test only)', owner: "Owner's programme" } as const;
export const QUALIFICATION_SCOPES = ['test', 'repair'] as const;
export const INSTRUMENT_KINDS = ['bench', 'gauge'] as const;
export const DEVICE_DESIGNS = ['conventional', 'bellows', 'pilot'] as const;
export const TEST_PLACES = ['shop', 'in place'] as const;
export const PART_CONDITIONS = ['good', 'worn', 'damaged', 'corroded'] as const;

/** A missing number is 'is required', a word where a number goes 'must be a number'. */
const numberError = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : 'must be a number'),
};
const pressure = z
  .number(numberError)
  .nonnegative({ error: 'must not be negative' })
  .max(100_000, { error: 'is too large' });
const setPressure = z
  .number(numberError)
  .positive({ error: 'must be above zero' })
  .max(100_000, { error: 'is too large' });
const months = z.number().int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1 month' });

// ---- tags and devices ----

export const reliefTagBody = z.object({
  tag: required(40),
  plant: plantName,
  valveId: recordId.nullable().optional(),
  setPressure,
  pressureUnit: z.enum(PRESSURE_UNITS).default('psi'),
  protectedEquipment: required(200),
  service: required(200),
  intervalRule: z.enum(INTERVAL_RULES),
  intervalMonths: months.max(MAX_INTERVAL_MONTHS, { error: `must be at most ${MAX_INTERVAL_MONTHS} months` }),
  maxIntervalMonths: months
    .max(MAX_INTERVAL_MONTHS, { error: `must be at most ${MAX_INTERVAL_MONTHS} months` })
    .default(120),
});
export type ReliefTagBody = z.input<typeof reliefTagBody>;

export const reliefDeviceBody = z.object({
  serialNumber: required(60),
  manufacturer: required(100),
  model: required(100),
  orifice: required(4),
  inletSize: required(20),
  outletSize: required(20),
  setPressure,
  pressureUnit: z.enum(PRESSURE_UNITS).default('psi'),
  capacity: required(60),
  codeStamp: required(20),
  design: z.enum(DEVICE_DESIGNS),
  seatType: z.enum(SEAT_TYPES),
  code: z.enum(RELIEF_CODES),
  /** Set conditions (common/relief-valves/set-conditions.ts), in `pressureUnit` like the set; all optional. */
  serviceFluid: z.enum(SERVICE_FLUIDS).optional(),
  coldDifferentialTestPressure: setPressure.optional(),
  superimposedBackPressure: pressure.optional(),
  builtUpBackPressure: pressure.optional(),
});
export type ReliefDeviceBody = z.input<typeof reliefDeviceBody>;

/**
 * Editing a tag: its plant and set pressure are the position's design and stay (another set is another tag); a
 * field left out keeps its value. Unknown fields are refused, so a set pressure sent here is never dropped unseen.
 */
export const reliefTagUpdateBody = z
  .object({
    tag: required(40),
    valveId: recordId.nullable(),
    protectedEquipment: required(200),
    service: required(200),
    intervalRule: z.enum(INTERVAL_RULES),
    intervalMonths: months.max(MAX_INTERVAL_MONTHS, { error: `must be at most ${MAX_INTERVAL_MONTHS} months` }),
    maxIntervalMonths: months.max(MAX_INTERVAL_MONTHS, { error: `must be at most ${MAX_INTERVAL_MONTHS} months` }),
  })
  .partial()
  .extend({ version })
  .strict();
export type ReliefTagUpdateBody = z.input<typeof reliefTagUpdateBody>;

/**
 * Editing a device's nameplate data. Its set pressure is not here: it changes only when an engineer accepts the
 * nameplate a tester found (POST tests/:id/accept-nameplate), so the record that proves it stays with it. The
 * optional pressures are in `pressureUnit` (default psi); null clears one.
 */
export const reliefDeviceUpdateBody = z
  .object({
    serialNumber: required(60),
    manufacturer: required(100),
    model: required(100),
    orifice: required(4),
    inletSize: required(20),
    outletSize: required(20),
    capacity: required(60),
    codeStamp: required(20),
    design: z.enum(DEVICE_DESIGNS),
    seatType: z.enum(SEAT_TYPES),
    code: z.enum(RELIEF_CODES),
    serviceFluid: z.enum(SERVICE_FLUIDS).nullable(),
    coldDifferentialTestPressure: setPressure.nullable(),
    superimposedBackPressure: pressure.nullable(),
    builtUpBackPressure: pressure.nullable(),
    pressureUnit: z.enum(PRESSURE_UNITS),
  })
  .partial()
  .extend({ version })
  .strict();
export type ReliefDeviceUpdateBody = z.input<typeof reliefDeviceUpdateBody>;

export const reliefDevice = z.object({
  id: z.number(),
  serialNumber: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  orifice: z.string(),
  inletSize: z.string(),
  outletSize: z.string(),
  setPressure: z.number(),
  capacity: z.string(),
  codeStamp: z.string(),
  design: z.string(),
  seatType: z.string(),
  code: z.string(),
  serviceFluid: z.string().nullable(),
  /** psi, like the set pressure. */
  coldDifferentialTestPressure: z.number().nullable(),
  superimposedBackPressure: z.number().nullable(),
  builtUpBackPressure: z.number().nullable(),
  version: z.number(),
  /** Where it is installed now; null for a spare. */
  installedAt: z.object({ tagId: z.number(), tag: z.string(), installedOn: z.string() }).nullable(),
  /** Its latest submitted test failed as left: it must not go back into service (OSHA 1910.119(j)(5)). */
  notReturnedToService: z.boolean(),
});
export type ReliefDevice = z.infer<typeof reliefDevice>;

export const reliefTag = z.object({
  id: z.number(),
  tag: z.string(),
  plant: z.string(),
  valve: z.object({ id: z.number(), valveId: z.string() }).nullable(),
  setPressure: z.number(),
  protectedEquipment: z.string(),
  service: z.string(),
  intervalRule: z.string(),
  intervalMonths: z.number(),
  currentIntervalMonths: z.number(),
  intervalReason: z.string(),
  maxIntervalMonths: z.number(),
  lastTestedOn: z.string().nullable(),
  nextDueOn: z.string().nullable(),
  overdue: z.boolean(),
  version: z.number(),
  installed: z
    .object({
      deviceId: z.number(),
      serialNumber: z.string(),
      manufacturer: z.string(),
      model: z.string(),
      installedOn: z.string(),
    })
    .nullable(),
  /** The installed device failed its latest as-left test, and the corrective work order raised for it. */
  notReturnedToService: z
    .object({
      testId: z.number(),
      testedOn: z.string(),
      workOrder: z.object({ id: z.number(), workOrderId: z.string() }).nullable(),
    })
    .nullable(),
});
export type ReliefTag = z.infer<typeof reliefTag>;

export const reliefInstallation = z.object({
  id: z.number(),
  tagId: z.number(),
  tag: z.string(),
  deviceId: z.number(),
  serialNumber: z.string(),
  installedOn: z.string(),
  removedOn: z.string().nullable(),
  /** The engineer's reason for installing a device whose set pressure differs from the tag's. */
  setPressureReason: z.string().nullable(),
  /** Why it came off (a removal or a swap); null while installed, and for removals recorded before reasons were kept. */
  removalReason: z.string().nullable(),
});
export type ReliefInstallation = z.infer<typeof reliefInstallation>;

export const reliefTagQuery = z.object({
  plant: plantName.optional(),
  /** Due in this month or before it (overdue included): YYYY-MM. */
  dueBy: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month (YYYY-MM)' })
    .optional(),
  valveId: recordId.optional(),
});
export type ReliefTagQuery = z.infer<typeof reliefTagQuery>;

export const reliefDeviceQuery = z.object({ spare: z.enum(['true', 'false']).optional() });

export const installBody = z.object({
  deviceId: recordId,
  installedOn: calendarDate,
  /** Needed (from an engineer) when the device's set pressure differs from the tag's. */
  setPressureReason: text(1000).optional(),
  /** Why the valve on the tag comes off: needed for a swap, kept with the installation it ends. */
  reason: text(500).optional(),
});
export const removeBody = z.object({ removedOn: calendarDate, reason: required(500) });

export const reliefSummary = z.object({ overdue: z.number(), dueThisMonth: z.number(), tags: z.number() });
export type ReliefSummary = z.infer<typeof reliefSummary>;

// ---- who may test ----

export const certificateBody = z.object({
  kind: z.enum(CERTIFICATE_KINDS),
  number: required(40),
  holder: required(200),
  expiresOn: calendarDate,
});
export const certificate = z.object({
  id: z.number(),
  kind: z.enum(CERTIFICATE_KINDS),
  number: z.string(),
  holder: z.string(),
  expiresOn: z.string(),
});
export type Certificate = z.infer<typeof certificate>;

export const qualificationBody = z.object({
  userId: recordId,
  certificateId: recordId,
  number: required(40),
  scope: z.enum(QUALIFICATION_SCOPES),
  expiresOn: calendarDate,
});
export const qualification = z.object({
  id: z.number(),
  userId: z.number(),
  userName: z.string(),
  certificateId: z.number(),
  number: z.string(),
  scope: z.enum(QUALIFICATION_SCOPES),
  expiresOn: z.string(),
});
export type Qualification = z.infer<typeof qualification>;

export const instrumentBody = z.object({
  kind: z.enum(INSTRUMENT_KINDS),
  identifier: required(40),
  description: required(200),
  calibrationDueOn: calendarDate,
  calibratedOn: calendarDate.optional(),
  /** A gauge's full scale from zero, its unit, and its accuracy in % of full scale. */
  rangeMax: z.number().positive({ error: 'must be above zero' }).max(100_000, { error: 'is too large' }).optional(),
  rangeUnit: z.enum(PRESSURE_UNITS).default('psi'),
  accuracyPercent: z
    .number()
    .positive({ error: 'must be above zero' })
    .max(10, { error: 'must be at most 10%' })
    .optional(),
});
export const instrument = z.object({
  id: z.number(),
  kind: z.enum(INSTRUMENT_KINDS),
  identifier: z.string(),
  description: z.string(),
  calibrationDueOn: z.string(),
  calibratedOn: z.string().nullable(),
  rangeMax: z.number().nullable(),
  rangeUnit: z.string(),
  accuracyPercent: z.number().nullable(),
});
export type Instrument = z.infer<typeof instrument>;

// ---- test records ----

export const popTest = z.object({
  /** null: it did not open on the bench. */
  opening: setPressure.nullable(),
  simmer: pressure.nullable().optional(),
  reseat: pressure.nullable().optional(),
  chatter: z.boolean().optional(),
  flutter: z.boolean().optional(),
  sticking: z.boolean().optional(),
});
export const seatTest = z.object({
  method: text(60).optional(),
  medium: z.enum(TEST_MEDIA),
  heldPressure: pressure,
  bubblesPerMinute: z.number().nonnegative({ error: 'must not be negative' }).nullable().optional(),
  leakageCm3PerHour: z.number().nonnegative({ error: 'must not be negative' }).nullable().optional(),
  leakSeen: z.boolean().optional(),
});
const piping = z.object({ inlet: z.enum(PIPING_CONDITIONS), outlet: z.enum(PIPING_CONDITIONS) });
const nameplate = z.object({
  serialNumber: text(60).optional(),
  manufacturer: text(100).optional(),
  model: text(100).optional(),
  orifice: text(4).optional(),
  setPressure: setPressure.optional(),
  capacity: text(60).optional(),
});

/** What was found and done, in the order of the work. */
export const reliefTestWork = z.object({
  asFound: popTest.nullable().optional(),
  asFoundSeat: seatTest.nullable().optional(),
  piping: piping.nullable().optional(),
  inspection: z
    .array(z.object({ part: required(60), condition: z.enum(PART_CONDITIONS), note: text(500).optional() }))
    .max(30)
    .default([]),
  partsReplaced: z.array(required(100)).max(30).default([]),
  adjustments: text(2000).optional(),
  asLeft: popTest.nullable().optional(),
  asLeftSeat: seatTest.nullable().optional(),
  sealNumber: text(40).optional(),
  /** A repair nameplate: set pressure, blowdown or capacity changed. */
  nameplateChange: z
    .object({
      setPressure: setPressure.optional(),
      blowdownPercent: z.number().min(0).max(50).optional(),
      capacity: text(60).optional(),
    })
    .nullable()
    .optional(),
  /** What the plate says where it differs from the device record. */
  foundNameplate: nameplate.nullable().optional(),
  /** The photo taken of the nameplate (a photo of the tag's valve record); the certificate prints only this one. */
  nameplatePhotoId: recordId.nullable().optional(),
  /** A steam valve set on air or nitrogen: the maker's correction applied, in % of the set, and its source. */
  airSetCorrection: z
    .object({
      percent: z.number().min(-10, { error: 'must be at least -10%' }).max(10, { error: 'must be at most 10%' }),
      source: required(200),
    })
    .nullable()
    .optional(),
  notes: text(2000).optional(),
});
export type ReliefTestWork = z.infer<typeof reliefTestWork>;

const reliefTestFields = reliefTestWork.extend({
  deviceId: recordId,
  testedOn: calendarDate,
  place: z.enum(TEST_PLACES),
  medium: z.enum(TEST_MEDIA),
  certificateId: recordId,
  gaugeId: recordId,
  benchId: recordId.nullable().optional(),
  pressureUnit: z.enum(PRESSURE_UNITS).default('psi'),
  /** Submit at once; otherwise saved as a draft. */
  submit: z.boolean().default(false),
});
/** Readings that cannot be read together, at their fields (for a new record and a draft's edit alike). */
const refineReadings = (body: z.infer<typeof reliefTestFields>, ctx: z.RefinementCtx) => {
  for (const stage of ['asFound', 'asLeft'] as const) {
    const pop = body[stage];
    // ASME PTC 25: blowdown is opening minus reseat; a reseat above the opening is not a reading.
    if (pop?.opening != null && pop.reseat != null && pop.reseat > pop.opening) {
      ctx.addIssue({ code: 'custom', path: [stage, 'reseat'], message: 'must not be above the opening pressure' });
    }
  }
  if ((body.asLeft || body.asLeftSeat) && !body.asFound) {
    ctx.addIssue({
      code: 'custom',
      path: ['asLeft'],
      message: 'needs the as-found test first: test the valve as received before anything is cleaned or adjusted',
    });
  }
};
export const reliefTestBody = reliefTestFields.superRefine(refineReadings);
export type ReliefTestBody = z.input<typeof reliefTestBody>;
/** A draft edited: the whole record again (its device stays), with the version it was read at. */
export const reliefTestUpdateBody = reliefTestFields.extend({ version }).superRefine(refineReadings);
export type ReliefTestUpdateBody = z.input<typeof reliefTestUpdateBody>;

/** `incomplete`: a reading the rule needs is missing; never a pass, and the record cannot be submitted. */
export const VERDICTS = ['pass', 'fail', 'incomplete'] as const;
export const judgement = z.object({
  check: z.string(),
  verdict: z.enum(VERDICTS),
  rule: z.string(),
  detail: z.string(),
  /** The reading the verdict is about, within its stage. */
  field: z.string().optional(),
});
const stageJudgement = z.object({ verdict: z.enum(VERDICTS), judgements: z.array(judgement) });

export const overrideBody = z.object({ verdict: z.enum(['pass', 'fail']), reason: required(1000), version });
export const submitBody = z.object({ version });
export const acceptNameplateBody = z.object({ version });

export const reliefTest = z.object({
  id: z.number(),
  status: z.enum(['draft', 'submitted']),
  testedOn: z.string(),
  place: z.string(),
  medium: z.string(),
  /** The unit the readings were entered and judged in; `work` is shown in psi. */
  pressureUnit: z.string(),
  setPressure: z.number(),
  code: z.string(),
  device: reliefDevice.omit({ installedAt: true, notReturnedToService: true }),
  tag: z.object({ id: z.number(), tag: z.string(), plant: z.string(), protectedEquipment: z.string() }).nullable(),
  /** Set where the device's set pressure differs from its tag's: which set it was judged at, and the reason. */
  setPressureNote: z.string().nullable(),
  tester: z.object({ id: z.number(), name: z.string(), qualification: z.string().nullable() }),
  certificate: certificate,
  gauge: instrument,
  bench: instrument.nullable(),
  work: reliefTestWork,
  asFoundJudgement: stageJudgement.nullable(),
  asLeftJudgement: stageJudgement.nullable(),
  asFoundResult: z.enum(['pass', 'fail']).nullable(),
  asLeftResult: z.enum(['pass', 'fail']).nullable(),
  override: z
    .object({ verdict: z.enum(['pass', 'fail']), reason: z.string(), by: z.string(), at: z.string() })
    .nullable(),
  nameplateAccepted: z.object({ by: z.string(), at: z.string() }).nullable(),
  workOrder: z.object({ id: z.number(), workOrderId: z.string() }).nullable(),
  /** Why it cannot be submitted (expired certificate, qualification, calibration); empty when it can. */
  blockers: z.array(z.string()),
  /** The same blockers, each at the field it concerns. */
  blockerFields: z.array(z.object({ path: z.string(), message: z.string() })),
  /** A failed as-left test: the device is not returned to service. */
  returnedToService: z.boolean().nullable(),
  submittedAt: z.string().nullable(),
  version: z.number(),
});
export type ReliefTest = z.infer<typeof reliefTest>;

export const reliefTestSummary = z.object({
  id: z.number(),
  status: z.enum(['draft', 'submitted']),
  testedOn: z.string(),
  deviceId: z.number(),
  serialNumber: z.string(),
  tagId: z.number().nullable(),
  tag: z.string().nullable(),
  asFoundResult: z.enum(['pass', 'fail']).nullable(),
  asLeftResult: z.enum(['pass', 'fail']).nullable(),
  testerName: z.string(),
});
export type ReliefTestSummary = z.infer<typeof reliefTestSummary>;

export const reliefTagDetail = reliefTag.extend({
  installations: z.array(reliefInstallation),
  tests: z.array(reliefTestSummary),
});
export type ReliefTagDetail = z.infer<typeof reliefTagDetail>;

export const reliefDeviceDetail = reliefDevice.extend({
  installations: z.array(reliefInstallation),
  tests: z.array(reliefTestSummary),
});
export type ReliefDeviceDetail = z.infer<typeof reliefDeviceDetail>;

/** What the record form needs to offer: certificates, the signed-in tester's qualifications, benches and gauges. */
export const reliefTestOptions = z.object({
  certificates: z.array(certificate),
  qualifications: z.array(qualification),
  instruments: z.array(instrument),
});
export type ReliefTestOptions = z.infer<typeof reliefTestOptions>;
