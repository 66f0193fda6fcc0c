import { describe, expect, it } from 'vitest';
import {
  builtUpBackPressureWarning,
  coldDifferentialTestPressure,
  type SetConditions,
  steamSetOnAir,
} from './set-conditions';

const valve = (extra: Partial<SetConditions> = {}): SetConditions => ({
  setPressure: 150,
  design: 'conventional',
  serviceFluid: 'steam',
  coldDifferentialTestPressure: null,
  superimposedBackPressure: null,
  builtUpBackPressure: null,
  ...extra,
});

describe('CDTP (ASME PTC 25, API 520 Part I)', () => {
  it.each([
    ['stamped on the nameplate wins', valve({ coldDifferentialTestPressure: 152, superimposedBackPressure: 15 }), 152],
    ['conventional: set minus superimposed back pressure', valve({ superimposedBackPressure: 15 }), 135],
    ['conventional with none recorded: the set', valve(), 150],
    ['bellows: balanced, the set', valve({ design: 'bellows', superimposedBackPressure: 15 }), 150],
    ['pilot: balanced, the set', valve({ design: 'pilot', superimposedBackPressure: 15 }), 150],
  ])('%s', (_, d, value) => {
    expect(coldDifferentialTestPressure(d).value).toBe(value);
  });
});

describe('built-up back pressure on a conventional valve (API 520 Part I: at most 10% of set)', () => {
  it.each([
    [valve({ builtUpBackPressure: 15 }), false],
    [valve({ builtUpBackPressure: 15.01 }), true],
    [valve({ design: 'bellows', builtUpBackPressure: 60 }), false],
    [valve(), false],
  ])('%o warns: %s', (d, warns) => {
    expect(builtUpBackPressureWarning(d) !== null).toBe(warns);
  });
});

describe('a steam valve set on air (ASME VIII UG-136(d)(4): the maker’s correction)', () => {
  it('applies the recorded correction to the CDTP', () => {
    const d = valve({ superimposedBackPressure: 15 });
    expect(steamSetOnAir(d, 'air', { percent: 1, source: 'maker' })).toMatchObject({
      benchSet: 136.35,
      missing: false,
    });
    expect(steamSetOnAir(d, 'nitrogen', { percent: -2, source: 'maker' })?.benchSet).toBe(132.3);
  });

  it('says a missing correction is missing, never zero', () => {
    expect(steamSetOnAir(valve(), 'air', null)).toMatchObject({ benchSet: null, missing: true });
  });

  it('has nothing to say of a steam valve set on steam, or a gas valve on air', () => {
    expect(steamSetOnAir(valve(), 'steam', null)).toBeNull();
    expect(steamSetOnAir(valve({ serviceFluid: 'gas' }), 'air', null)).toBeNull();
    expect(steamSetOnAir(valve({ serviceFluid: null }), 'air', null)).toBeNull();
  });
});
