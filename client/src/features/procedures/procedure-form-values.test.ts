import { procedureBody } from '@common/schemas/procedures';
import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, emptyProcedure, keyFor, moveStep, newStep } from './procedure-form-values';

describe('procedure form values', () => {
  it('makes unique step keys from labels, keeping keys already given', () => {
    const taken = new Set(['seat-leak']);
    expect(keyFor('Seat leak', taken)).toBe('seat-leak-2');
    expect(keyFor('Stroke time, open → closed (s)', taken)).toBe('stroke-time-open-closed-s');
    expect(keyFor('***', taken)).toBe('step');
  });

  it('turns a draft into a body the contract accepts: limits as numbers, choices one a line', () => {
    const draft = emptyProcedure();
    draft.name = ' Stroke test ';
    draft.signOff = ['approve'];
    draft.steps = [
      { ...newStep('check'), label: 'Loop in manual' },
      { ...newStep('number'), label: 'Supply pressure', unit: 'bar', lower: '5,5', upper: '7' },
      { ...newStep('choice'), label: 'Packing', options: 'Dry\n\nWeeping \nLeaking' },
      { ...newStep('photo'), label: 'Photo of the nameplate' },
    ];
    const body = bodyOf(draft);
    expect(procedureBody.safeParse(body).success).toBe(true);
    expect(body.name).toBe('Stroke test');
    expect(body.steps[1]).toEqual({
      key: 'supply-pressure',
      label: 'Supply pressure',
      type: 'number',
      unit: 'bar',
      lower: 5.5,
      upper: 7,
    });
    expect(body.steps[2]).toEqual(expect.objectContaining({ options: ['Dry', 'Weeping', 'Leaking'] }));
  });

  it('reads a version back as a draft that gives the same body', () => {
    const body = bodyOf({
      ...emptyProcedure(),
      name: 'Leak check',
      steps: [{ ...newStep('number'), label: 'Leak rate', unit: 'ml/min', upper: '10' }],
    });
    const version = { ...body, id: 1, procedureId: 1, version: 1, createdAt: '2026-11-20T12:00:00.000Z' };
    expect(bodyOf(draftOf(version))).toEqual(body);
  });

  it('moves steps within the list only', () => {
    const steps = [newStep(), newStep('text')];
    expect(moveStep(steps, 0, 1).map((s) => s.type)).toEqual(['text', 'check']);
    expect(moveStep(steps, 0, -1)).toBe(steps);
  });
});
