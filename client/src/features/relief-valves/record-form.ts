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
  | 'plateSetPressure',
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
    submit,
  };
}
