import type { ReliefTest } from '@common/schemas/relief-valves';
import { describe, expect, it } from 'vitest';
import { draftExtras, draftValues, newRecordValues } from './record-values';

/** A draft as the server answers it: work in psi (rounded to 0.01 psi), entered in `unit`. */
const draft = (unit: string, work: Partial<ReliefTest['work']>) =>
  ({
    id: 7,
    status: 'draft',
    testedOn: '2026-11-18',
    place: 'shop',
    medium: 'air',
    pressureUnit: unit,
    certificate: { id: 3 },
    gauge: { id: 11 },
    bench: null,
    version: 2,
    work: { inspection: [], partsReplaced: [], ...work },
  }) as unknown as ReliefTest;

describe('a draft shown again in the unit it was entered in', () => {
  it('gives back the figures typed in bar, kPa and MPa, not their psi round trip', () => {
    // 9 bar = 130.5339 psi, stored as 130.53; 10 bar = 145.04; 620.5 kPa = 90.00 psi; 1.2345 MPa = 179.05 psi.
    expect(draftValues(draft('bar', { asFound: { opening: 145.04, reseat: 130.53 } }))).toMatchObject({
      opening: '10',
      reseat: '9',
      pressureUnit: 'bar',
    });
    expect(
      draftValues(draft('kPa', { asFoundSeat: { medium: 'air', heldPressure: 90, bubblesPerMinute: 0 } })),
    ).toMatchObject({
      heldPressure: '620.5',
      bubbles: '0',
    });
    expect(draftValues(draft('MPa', { asLeft: { opening: 179.05, reseat: null } })).leftOpening).toBe('1.2345');
  });

  it('keeps everything the form shows, and hands back what it does not', () => {
    const test = draft('psi', {
      asFound: { opening: 150, reseat: 142, chatter: true },
      partsReplaced: ['Spring', 'Disc'],
      inspection: [{ part: 'Nozzle', condition: 'worn' }],
      foundNameplate: { model: '1900-30', serialNumber: 'X-1' },
      nameplatePhotoId: 22,
    });
    expect(draftValues(test)).toMatchObject({
      testedOn: '2026-11-18',
      certificateId: '3',
      gaugeId: '11',
      benchId: '',
      opening: '150',
      reseat: '142',
      chatter: true,
      partsReplaced: 'Spring, Disc',
      plateModel: '1900-30',
      nameplatePhotoId: '22',
    });
    expect(draftExtras(test)).toMatchObject({
      inspection: [{ part: 'Nozzle', condition: 'worn' }],
      foundNameplate: { serialNumber: 'X-1' },
    });
  });
});

describe('a new record', () => {
  it("starts at the plant's today with a gauge in calibration that suits the set", () => {
    const gauge = (id: number, rangeMax: number) => ({
      id,
      kind: 'gauge' as const,
      identifier: `G-${id}`,
      description: '',
      calibrationDueOn: '2999-01-01',
      calibratedOn: null,
      rangeMax,
      rangeUnit: 'psi',
      accuracyPercent: 0.25,
    });
    const values = newRecordValues(
      { timeZone: 'America/Chicago', setPressure: 150 },
      [{ id: 4 }],
      [gauge(1, 1000), gauge(2, 300)],
    );
    expect(values).toMatchObject({ certificateId: '4', gaugeId: '2', place: 'shop', pressureUnit: 'psi', opening: '' });
    expect(values.testedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
