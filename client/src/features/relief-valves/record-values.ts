import { unitConverter } from '@common/quantities';
import type { PressureUnit } from '@common/relief-valves/exact';
import { mapWorkPressures } from '@common/relief-valves/work-pressures';
import type { ReliefTest, ReliefTestOptions, ReliefTestWork } from '@common/schemas/relief-valves';
import { gaugeFits, plantToday, type RecordValues } from './record-form';

/*
 * Where the record form starts: a new record's defaults, or a draft as it was entered. The server keeps a record's
 * work in psi rounded to 0.01 psi; shown again in the unit it was entered in, each figure is rounded to the places
 * that step allows, so 9 bar comes back as 9 (130.53 psi), not 9.0001, and a reading on a limit stays on it.
 */
const PLACES: Record<PressureUnit, number> = { psi: 2, bar: 3, kPa: 1, MPa: 4 };

function fromPsi(unit: PressureUnit) {
  const convert = unitConverter('psi', unit);
  const scale = 10 ** PLACES[unit];
  return (value: number) => Math.round(convert(value) * scale) / scale;
}

/** A draft's work in the unit it was entered in. */
export function draftWork(test: ReliefTest): ReliefTestWork {
  const unit = test.pressureUnit as PressureUnit;
  return unit === 'psi' ? test.work : mapWorkPressures(test.work, fromPsi(unit));
}

const text = (value: number | string | null | undefined) => (value == null ? '' : String(value));

/** A draft as the form shows it. */
export function draftValues(test: ReliefTest): RecordValues {
  const w = draftWork(test);
  return {
    testedOn: test.testedOn,
    place: test.place,
    medium: test.medium,
    certificateId: String(test.certificate.id),
    gaugeId: String(test.gauge.id),
    benchId: text(test.bench?.id),
    pressureUnit: test.pressureUnit,
    opening: text(w.asFound?.opening),
    simmer: text(w.asFound?.simmer),
    reseat: text(w.asFound?.reseat),
    heldPressure: text(w.asFoundSeat?.heldPressure),
    bubbles: text(w.asFoundSeat?.bubblesPerMinute),
    inlet: w.piping?.inlet ?? 'clear',
    outlet: w.piping?.outlet ?? 'clear',
    partsReplaced: w.partsReplaced.join(', '),
    adjustments: w.adjustments ?? '',
    leftOpening: text(w.asLeft?.opening),
    leftReseat: text(w.asLeft?.reseat),
    sealNumber: w.sealNumber ?? '',
    plateModel: w.foundNameplate?.model ?? '',
    plateSetPressure: text(w.foundNameplate?.setPressure),
    nameplatePhotoId: text(w.nameplatePhotoId),
    airSetPercent: text(w.airSetCorrection?.percent),
    airSetSource: w.airSetCorrection?.source ?? '',
    chatter: w.asFound?.chatter ?? false,
    flutter: w.asFound?.flutter ?? false,
    sticking: w.asFound?.sticking ?? false,
    leakSeen: w.asFoundSeat?.leakSeen ?? false,
  };
}

/**
 * What a draft holds that the form does not show (an inspection list, an as-left seat test, a repair nameplate,
 * notes, the rest of the plate as found): sent back as it was, so editing a draft never drops part of it.
 */
export function draftExtras(test: ReliefTest) {
  const { inspection, asLeftSeat, nameplateChange, notes, foundNameplate } = draftWork(test);
  return { inspection, asLeftSeat, nameplateChange, notes, foundNameplate };
}

/** A new record: the plant's today, the shop on air, the first certificate, a gauge that suits the set. */
export function newRecordValues(
  tag: { timeZone: string; setPressure: number },
  certificates: { id: number }[],
  instruments: ReliefTestOptions['instruments'],
): RecordValues {
  const today = plantToday(tag.timeZone);
  const gauges = instruments.filter((i) => i.kind === 'gauge');
  const benches = instruments.filter((i) => i.kind === 'bench');
  return {
    testedOn: today,
    place: 'shop',
    medium: 'air',
    certificateId: text(certificates[0]?.id),
    gaugeId: text((gauges.find((g) => gaugeFits(g, tag.setPressure, today)) ?? gauges[0])?.id),
    benchId: text(benches[0]?.id),
    pressureUnit: 'psi',
    opening: '',
    simmer: '',
    reseat: '',
    heldPressure: '',
    bubbles: '',
    inlet: 'clear',
    outlet: 'clear',
    partsReplaced: '',
    adjustments: '',
    leftOpening: '',
    leftReseat: '',
    sealNumber: '',
    plateModel: '',
    plateSetPressure: '',
    nameplatePhotoId: '',
    airSetPercent: '',
    airSetSource: '',
    chatter: false,
    flutter: false,
    sticking: false,
    leakSeen: false,
  };
}
