import { reliefTestBody } from '@common/schemas/relief-valves';
import { describe, expect, it } from 'vitest';
import { certificatesFor, gaugeFits, instrumentMark, plantToday, type RecordValues, recordBody } from './record-form';

const values: RecordValues = {
  testedOn: '2026-11-18',
  place: 'shop',
  medium: 'air',
  certificateId: '1',
  gaugeId: '3',
  benchId: '',
  pressureUnit: 'bar',
  opening: '10.3',
  simmer: '',
  reseat: '9.8',
  heldPressure: '9',
  bubbles: '4',
  inlet: 'clear',
  outlet: 'plugged',
  partsReplaced: 'Disc, gaskets ,',
  adjustments: '',
  leftOpening: '',
  leftReseat: '',
  sealNumber: 'S-1',
  plateModel: '',
  plateSetPressure: '',
  nameplatePhotoId: '',
  airSetPercent: '',
  airSetSource: '',
  chatter: false,
  flutter: true,
  sticking: false,
  leakSeen: false,
};

describe('the record form body', () => {
  it('turns the inputs into a body the contract accepts', () => {
    const body = recordBody(7, values, true);
    expect(reliefTestBody.parse(body)).toMatchObject({
      deviceId: 7,
      pressureUnit: 'bar',
      asFound: { opening: 10.3, simmer: null, reseat: 9.8, flutter: true },
      asFoundSeat: { heldPressure: 9, bubblesPerMinute: 4 },
      piping: { inlet: 'clear', outlet: 'plugged' },
      partsReplaced: ['Disc', 'gaskets'],
      asLeft: null,
      benchId: null,
      submit: true,
    });
  });

  it('marks the nameplate photo, none for "none taken", and sends the air-set correction only on a gas bench', () => {
    const marked = { ...values, nameplatePhotoId: '12', airSetPercent: '1.5', airSetSource: 'maker IOM' };
    expect(reliefTestBody.parse(recordBody(7, marked, false))).toMatchObject({
      nameplatePhotoId: 12,
      airSetCorrection: { percent: 1.5, source: 'maker IOM' },
    });
    const onWater = recordBody(7, { ...marked, medium: 'water', nameplatePhotoId: '0' }, false);
    expect([onWater.nameplatePhotoId, onWater.airSetCorrection]).toEqual([null, null]);
    const noSource = reliefTestBody.safeParse(recordBody(7, { ...marked, airSetSource: '' }, false));
    expect(noSource.error?.issues.map((i) => i.path.join('.'))).toEqual(['airSetCorrection.source']);
  });

  it('lets the contract refuse an as-left test with no as-found one', () => {
    const body = recordBody(7, { ...values, opening: '', reseat: '', leftOpening: '10' }, false);
    const issues = reliefTestBody.safeParse(body).error?.issues.map((i) => i.path.join('.'));
    expect(issues).toEqual(['asLeft']);
  });
});

describe('the gauge offered first', () => {
  const gauge = { rangeMax: 300, rangeUnit: 'psi', calibrationDueOn: '2027-01-01' };
  it.each([
    [75, '2026-11-20', true],
    [225, '2026-11-20', true],
    [74.99, '2026-11-20', false],
    [225.01, '2026-11-20', false],
    [150, '2027-01-02', false],
  ])('a 0-300 psi gauge for a %d psi set on %s: %s', (set, day, fits) => {
    expect(gaugeFits(gauge, set, day)).toBe(fits);
  });
});

describe("the form's test date starts at the plant's today", () => {
  it('is the 26th in Chicago at 03:00 UTC on the 27th', () => {
    expect(plantToday('America/Chicago', new Date('2026-11-27T03:00:00Z'))).toBe('2026-11-26');
  });
});

describe('the certificates offered for the work entered (NBIC Part 3: T/O tests and adjusts, never repairs)', () => {
  const certificates = [
    { id: 1, kind: 'vr' },
    { id: 2, kind: 'to' },
    { id: 3, kind: 'owner' },
  ];
  it('offers every certificate for a test, and no T/O one for a repair', () => {
    expect(certificatesFor(false, certificates, []).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(certificatesFor(true, certificates, []).map((c) => c.id)).toEqual([1, 3]);
  });
  it('offers no certificate the tester is qualified under to test only, for a repair', () => {
    const qualifications = [
      { certificateId: 1, scope: 'test' },
      { certificateId: 3, scope: 'repair' },
    ];
    expect(certificatesFor(true, certificates, qualifications).map((c) => c.id)).toEqual([3]);
    expect(certificatesFor(false, certificates, qualifications).map((c) => c.id)).toEqual([1, 2, 3]);
  });
});

describe('the gauge and bench picker marks what the server would refuse', () => {
  const gauge = (rangeMax: number | null, rangeUnit = 'psi', calibrationDueOn = '2027-01-01') => ({
    kind: 'gauge',
    rangeMax,
    rangeUnit,
    calibrationDueOn,
  });
  it('marks a gauge past its calibration on the test day, or unfit for the set (25-75% of full scale)', () => {
    expect(instrumentMark(gauge(300), 150, '2026-11-18')).toBe('');
    expect(instrumentMark(gauge(1000), 150, '2026-11-18')).toBe('unfit for this set');
    expect(instrumentMark(gauge(300), 150, '2027-01-02')).toBe('calibration expired');
    // 25 bar is 362.6 psi: a 150 psi set is 41% of it.
    expect(instrumentMark(gauge(25, 'bar'), 150, '2026-11-18')).toBe('');
    expect(instrumentMark(gauge(null), 150, '2026-11-18')).toBe('');
    expect(instrumentMark({ ...gauge(null), kind: 'bench' }, 150, '2027-02-01')).toBe('calibration expired');
  });
});
