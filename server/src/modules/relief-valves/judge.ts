import { cmp, type Exact, mul, type PressureUnit, pascals, ratio } from '@common/relief-valves/exact';
import { inchesOf, type Judgement, judgeStage, type ReliefCode, type TestMedium } from '@common/relief-valves/rules';
import type { ReliefTestWork } from '@common/schemas/relief-valves';

/** A device's (or tag's) set pressure as stored: psi, and the value and unit it was entered in where kept. */
export type StoredSet = { setPressure: number; setPressureEntered?: number | null; pressureUnit?: string | null };

/** The exact set pressure: as entered, in its unit; rows from before units were kept are psi. */
export const exactSet = (row: StoredSet): Exact =>
  row.setPressureEntered == null
    ? pascals(row.setPressure, 'psi')
    : pascals(row.setPressureEntered, (row.pressureUnit ?? 'psi') as PressureUnit);

type Device = StoredSet & { seatType: string; orifice: string; inletSize: string; code: string };
type Stage = { verdict: 'pass' | 'fail' | 'incomplete'; judgements: Judgement[] };

/**
 * The as-found and as-left judgements of a record's work (in the unit it was entered in) against its device's set
 * pressure. The piping condition belongs to the as-found stage: it is what the valve was working through in service.
 */
export function judgeWork(
  device: Device,
  medium: TestMedium,
  work: ReliefTestWork,
  unit: PressureUnit = 'psi',
): { asFound: Stage | null; asLeft: Stage | null } {
  const common = {
    code: device.code as ReliefCode,
    basis: { set: exactSet(device), unit },
    medium,
    device: {
      seatType: device.seatType === 'soft' ? ('soft' as const) : ('metal' as const),
      orifice: device.orifice,
      inletSizeInches: inchesOf(device.inletSize) || 1,
    },
  };
  return {
    asFound: work.asFound
      ? judgeStage({ ...common, pop: work.asFound, seat: work.asFoundSeat, piping: work.piping })
      : null,
    asLeft: work.asLeft ? judgeStage({ ...common, pop: work.asLeft, seat: work.asLeftSeat }) : null,
  };
}

/** The stored result of a stage: an incomplete stage has none (it is neither a pass nor a fail). */
export const resultOf = (stage: Stage | null) => (stage && stage.verdict !== 'incomplete' ? stage.verdict : null);

/** Dismantling work a T/O (test only) holder may not do: parts replaced, or a repair nameplate. */
export const isRepair = (work: ReliefTestWork) => work.partsReplaced.length > 0 || Boolean(work.nameplateChange);

/**
 * A gauge reads a set pressure well when the set lies between a quarter and three quarters of its full scale.
 * Source: shop practice (unverified; ../shared/domain/relief-valves.md): an engineer may correct the shares here.
 */
export const GAUGE_FIT = {
  lowest: ratio(1, 4),
  highest: ratio(3, 4),
  source: 'shop practice: set within 25-75% of full scale',
};

/** Why a gauge cannot read a set pressure, or null when it can (or its range was never recorded). */
export function gaugeUnfit(set: Exact, gauge: { identifier: string; rangeMax: number | null; rangeUnit: string }) {
  if (gauge.rangeMax == null) return null;
  const full = pascals(gauge.rangeMax, gauge.rangeUnit as PressureUnit);
  if (cmp(set, mul(full, GAUGE_FIT.lowest)) >= 0 && cmp(set, mul(full, GAUGE_FIT.highest)) <= 0) return null;
  return `Gauge ${gauge.identifier} (0-${gauge.rangeMax} ${gauge.rangeUnit}) is unfit for this set pressure (${GAUGE_FIT.source}).`;
}

export type Blocker = { path: string; message: string };
type Dated = { label: string; path: string; date: string | null | undefined };

const STAGES = [
  ['asFound', 'As found'],
  ['asLeft', 'As left'],
] as const;

/**
 * Why a record cannot be submitted on its test date, each at the field it concerns: a missing as-found test or a
 * reading a rule needs, an expired certificate, qualification or calibration, or a gauge unfit for the set.
 */
export function submitBlockers(input: {
  testedOn: string;
  hasAsFound: boolean;
  /** Parts were replaced or the nameplate changed, and no as-left pop test was recorded. */
  repairedWithoutAsLeft: boolean;
  judgements: { asFound: Stage | null; asLeft: Stage | null };
  set: Exact;
  testerName: string;
  certificate: { number: string; expiresOn: string };
  qualification: { number: string; expiresOn: string } | null;
  gauge: { identifier: string; calibrationDueOn: string; rangeMax: number | null; rangeUnit: string };
  bench: { identifier: string; calibrationDueOn: string } | null;
}): Blocker[] {
  const { testedOn } = input;
  const blockers: Blocker[] = [];
  if (!input.hasAsFound) {
    blockers.push({
      path: 'asFound',
      message: 'No as-found test recorded: the record must start with the valve as received.',
    });
  }
  // A shop visit ends with the as-left tests after any dismantling and repair (NBIC Part 3; the domain note's
  // step 5): a repaired valve is not returned to service on its as-found figures.
  if (input.repairedWithoutAsLeft) {
    blockers.push({
      path: 'asLeft',
      message: 'Parts were replaced or the nameplate changed, but no as-left test is recorded: test the valve as left.',
    });
  }
  for (const [key, label] of STAGES) {
    for (const j of input.judgements[key]?.judgements ?? []) {
      if (j.verdict !== 'incomplete') continue;
      const stage = j.check === 'Seat tightness' ? `${key}Seat` : key;
      blockers.push({ path: `${stage}.${j.field ?? ''}`, message: `${label}, ${j.check}: ${j.detail}.` });
    }
  }
  const expired = (what: Dated, verb: string) => {
    if (what.date && what.date < testedOn)
      blockers.push({
        path: what.path,
        message: `${what.label} ${verb} ${what.date}, before the test date ${testedOn}.`,
      });
  };
  expired(
    { label: `Certificate ${input.certificate.number}`, path: 'certificateId', date: input.certificate.expiresOn },
    'expired on',
  );
  if (!input.qualification) {
    blockers.push({
      path: 'certificateId',
      message: `${input.testerName} holds no qualification under certificate ${input.certificate.number}.`,
    });
  } else {
    expired(
      {
        label: `${input.testerName}'s qualification ${input.qualification.number}`,
        path: 'certificateId',
        date: input.qualification.expiresOn,
      },
      'expired on',
    );
  }
  const { gauge, bench } = input;
  expired({ label: `Gauge ${gauge.identifier} calibration`, path: 'gaugeId', date: gauge.calibrationDueOn }, 'was due');
  const unfit = gaugeUnfit(input.set, gauge);
  if (unfit) blockers.push({ path: 'gaugeId', message: unfit });
  if (bench) {
    expired(
      { label: `Bench ${bench.identifier} calibration`, path: 'benchId', date: bench.calibrationDueOn },
      'was due',
    );
  }
  return blockers;
}
