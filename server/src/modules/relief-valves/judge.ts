import { inchesOf, judgeStage, type ReliefCode, type TestMedium } from '@common/relief-valves/rules';
import type { ReliefTestWork } from '@common/schemas/relief-valves';

type Device = { seatType: string; orifice: string; inletSize: string; code: string };

/**
 * The as-found and as-left judgements of a record's work against its device. The piping condition belongs to the
 * as-found stage: it is what the valve was working through in service.
 */
export function judgeWork(device: Device, set: number, medium: TestMedium, work: ReliefTestWork) {
  const common = {
    code: device.code as ReliefCode,
    set,
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

/** Dismantling work a T/O (test only) holder may not do: parts replaced, or a repair nameplate. */
export const isRepair = (work: ReliefTestWork) => work.partsReplaced.length > 0 || Boolean(work.nameplateChange);

type Dated = { label: string; date: string | null | undefined };

/**
 * Why a record cannot be submitted on its test date: an expired certificate, qualification or calibration, or a
 * missing as-found test. Each message says which, so the tester knows what to renew.
 */
export function submitBlockers(input: {
  testedOn: string;
  hasAsFound: boolean;
  testerName: string;
  certificate: { number: string; expiresOn: string };
  qualification: { number: string; expiresOn: string } | null;
  instruments: { kind: string; identifier: string; calibrationDueOn: string }[];
}): string[] {
  const { testedOn } = input;
  const blockers: string[] = [];
  if (!input.hasAsFound) blockers.push('No as-found test recorded: the record must start with the valve as received.');
  const expired = (what: Dated, verb: string) => {
    if (what.date && what.date < testedOn)
      blockers.push(`${what.label} ${verb} ${what.date}, before the test date ${testedOn}.`);
  };
  expired({ label: `Certificate ${input.certificate.number}`, date: input.certificate.expiresOn }, 'expired on');
  if (!input.qualification) {
    blockers.push(`${input.testerName} holds no qualification under certificate ${input.certificate.number}.`);
  } else {
    expired(
      {
        label: `${input.testerName}'s qualification ${input.qualification.number}`,
        date: input.qualification.expiresOn,
      },
      'expired on',
    );
  }
  for (const instrument of input.instruments) {
    expired(
      {
        label: `${instrument.kind === 'bench' ? 'Bench' : 'Gauge'} ${instrument.identifier} calibration`,
        date: instrument.calibrationDueOn,
      },
      'was due',
    );
  }
  return blockers;
}
