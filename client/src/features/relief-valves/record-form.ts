import { unitConverter } from '@common/quantities';
import type { ReliefTestBody } from '@common/schemas/relief-valves';

/** The record form's inputs, as typed: text, so a half-filled form survives until it is checked. */
export type RecordValues = Record<
  | 'testedOn'
  | 'place'
  | 'medium'
  | 'certificateId'
  | 'gaugeId'
  | 'benchId'
  | 'pressureUnit'
  | 'opening'
  | 'simmer'
  | 'reseat'
  | 'heldPressure'
  | 'bubbles'
  | 'inlet'
  | 'outlet'
  | 'partsReplaced'
  | 'adjustments'
  | 'leftOpening'
  | 'leftReseat'
  | 'sealNumber'
  | 'plateModel'
  | 'plateSetPressure'
  | 'nameplatePhotoId'
  | 'airSetPercent'
  | 'airSetSource',
  string
> & { chatter: boolean; flutter: boolean; sticking: boolean; leakSeen: boolean };

const number = (text: string) => (text.trim() === '' ? null : Number(text));
const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The body the form sends: blanks left out, so the contract says what is missing in its own words. */
export function recordBody(deviceId: number, v: RecordValues, submit: boolean): ReliefTestBody {
  const held = number(v.heldPressure);
  const leftOpening = number(v.leftOpening);
  return {
    deviceId,
    testedOn: v.testedOn,
    place: v.place as ReliefTestBody['place'],
    medium: v.medium as ReliefTestBody['medium'],
    certificateId: Number(v.certificateId),
    gaugeId: Number(v.gaugeId),
    benchId: v.benchId ? Number(v.benchId) : null,
    pressureUnit: v.pressureUnit as ReliefTestBody['pressureUnit'],
    asFound:
      v.opening.trim() || v.reseat.trim()
        ? {
            opening: number(v.opening),
            simmer: number(v.simmer),
            reseat: number(v.reseat),
            chatter: v.chatter,
            flutter: v.flutter,
            sticking: v.sticking,
          }
        : null,
    asFoundSeat:
      held === null
        ? null
        : {
            medium: v.medium as ReliefTestBody['medium'],
            heldPressure: held,
            bubblesPerMinute: number(v.bubbles),
            leakSeen: v.leakSeen,
          },
    piping: { inlet: v.inlet as 'clear', outlet: v.outlet as 'clear' },
    partsReplaced: v.partsReplaced
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    adjustments: optional(v.adjustments),
    asLeft: leftOpening === null ? null : { opening: leftOpening, reseat: number(v.leftReseat) },
    sealNumber: optional(v.sealNumber),
    foundNameplate:
      v.plateModel.trim() || v.plateSetPressure.trim()
        ? { model: optional(v.plateModel), setPressure: number(v.plateSetPressure) ?? undefined }
        : null,
    // "None taken of the plate" is 0: no photo marked, so the certificate prints none.
    nameplatePhotoId: Number(v.nameplatePhotoId) > 0 ? Number(v.nameplatePhotoId) : null,
    // Only on a gas bench: a steam valve set on air or nitrogen takes the maker's correction (ASME VIII UG-136(d)(4)).
    airSetCorrection:
      (v.medium === 'air' || v.medium === 'nitrogen') && (v.airSetPercent.trim() || v.airSetSource.trim())
        ? { percent: number(v.airSetPercent) as number, source: v.airSetSource.trim() }
        : null,
    submit,
  };
}

/**
 * Whether a gauge suits a set pressure (psi) on a day: in calibration, and the set between a quarter and three
 * quarters of its full scale (the server's GAUGE_FIT, shop practice). A gauge in another unit, or with no range
 * recorded, is not offered first.
 */
export const gaugeFits = (
  gauge: { rangeMax: number | null; rangeUnit: string; calibrationDueOn: string },
  setPsi: number,
  day: string,
) =>
  gauge.rangeMax !== null &&
  gauge.rangeUnit === 'psi' &&
  gauge.calibrationDueOn >= day &&
  setPsi >= gauge.rangeMax / 4 &&
  setPsi <= (gauge.rangeMax * 3) / 4;

/**
 * Today where the plant is: the server refuses a test date after the plant's today, so the form starts there, not
 * at the phone's day (a phone on UTC is a day ahead of Chicago every evening). `zone` is the plant's (lib/plants).
 */
export function plantToday(zone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);
}

/**
 * The certificates offered for the work entered: a repair (parts replaced) is never offered a T/O certificate (NB
 * T/O holders test and adjust, they do not dismantle or repair: NBIC Part 3) nor one the tester is qualified under
 * to test only; the server refuses both (403). A test alone is offered every certificate the tester holds.
 */
export function certificatesFor<C extends { id: number; kind: string }>(
  repair: boolean,
  certificates: C[],
  qualifications: { certificateId: number; scope: string }[],
): C[] {
  if (!repair) return certificates;
  return certificates.filter(
    (c) => c.kind !== 'to' && !qualifications.some((q) => q.certificateId === c.id && q.scope === 'test'),
  );
}

/**
 * What the picker says of a gauge or bench before it is chosen, as the server will on submit: past its calibration
 * on the test day, or (a gauge) unfit for the set: the set outside 25-75% of its full scale (the server's GAUGE_FIT,
 * shop practice), converted from the gauge's unit. Empty when nothing is wrong or its range was never recorded.
 */
export function instrumentMark(
  instrument: { kind: string; rangeMax: number | null; rangeUnit: string; calibrationDueOn: string },
  setPsi: number,
  day: string,
): string {
  if (instrument.calibrationDueOn < day) return 'calibration expired';
  if (instrument.kind !== 'gauge' || instrument.rangeMax === null) return '';
  const fullPsi = unitConverter(instrument.rangeUnit, 'psi')(instrument.rangeMax);
  return setPsi < fullPsi / 4 || setPsi > (fullPsi * 3) / 4 ? 'unfit for this set' : '';
}
