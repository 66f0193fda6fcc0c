import { VALVE_TAG_MESSAGE } from '@common/constants';
import { type ValveDetail, valveCreateBody, valveUpdateBody } from '@common/schemas/valves';
import { describe, expect, it } from 'vitest';
import { checkAgainst } from '@/lib/contract-check';
import {
  changedValveFields,
  emptyValveValues,
  toCreateBody,
  type ValveFormValues,
  valveToValues,
} from './valve-form-values';

const filled = () => ({
  ...emptyValveValues({ plant: 'Bayside North', type: 'Bellows Seal Valve' }),
  valveId: 'v-901-bv ',
  size: '4"',
  pressure: '600 PSI',
  location: 'Unit 2, feed line',
  system: 'Feedwater',
  manufacturer: 'Fisher',
  model: 'V150',
});

/** What the form shows under each field: the contract's issues for the body the form makes. */
const createIssues = (values: ValveFormValues) =>
  Object.fromEntries(checkAgainst(valveCreateBody, toCreateBody(values)).issues.map((i) => [i.path, i.message]));

describe("the tag, checked by the contract's rule", () => {
  it("accepts the plant's own tags as typed, with spaces around", () => {
    for (const tag of ['V-001-BV', ' v-123456-gv ', 'FCV-101A', '10-XV-001', 'PSV-1075/A', 'HV.12']) {
      expect(createIssues({ ...filled(), valveId: tag })).toEqual({});
    }
  });

  it('refuses what is no tag, and says what it should look like', () => {
    for (const bad of ['-V1', 'FCV 101', 'V#1', 'A'.repeat(41), '  ']) {
      expect(createIssues({ ...filled(), valveId: bad }).valveId).toBe(VALVE_TAG_MESSAGE);
    }
  });
});

describe("the form's body, checked by the contract (valveCreateBody, valveUpdateBody)", () => {
  it('passes a complete form', () => {
    expect(createIssues(filled())).toEqual({});
  });

  it('marks missing required fields, a bad tag and a bad interval, with the messages the server gives', () => {
    expect(createIssues({ ...filled(), valveId: 'V 9', model: ' ', maintenanceIntervalDays: '1.5' })).toEqual({
      valveId: VALVE_TAG_MESSAGE,
      model: 'is required',
      maintenanceIntervalDays: 'must be a whole number of days',
    });
    expect(createIssues({ ...filled(), maintenanceIntervalDays: '0' })).toEqual({
      maintenanceIntervalDays: 'must be at least 1 day',
    });
    expect(createIssues({ ...filled(), maintenanceIntervalDays: ' ' })).toEqual({
      maintenanceIntervalDays: 'must be a number of days',
    });
  });

  it('does not check the tag when editing (it cannot be changed): only the changes go, with the version', () => {
    const before = { ...filled(), valveId: 'whatever' };
    const changes = changedValveFields(before, { ...before, model: ' ' });
    expect(checkAgainst(valveUpdateBody, { ...changes, version: 1 }).issues).toEqual([
      { path: 'model', message: 'is required' },
    ]);
  });
});

describe('toCreateBody', () => {
  it('leaves out empty optional texts and dates; the contract trims the tag and writes it in capitals', () => {
    const body = toCreateBody({ ...filled(), safetyProtocol: '  LOCKOUT:\n1. Isolate  ', operatingManual: '  ' });
    expect(body.maintenanceIntervalDays).toBe(180);
    expect(body).not.toHaveProperty('operatingManual');
    expect(body).not.toHaveProperty('nextMaintenance');
    const read = checkAgainst(valveCreateBody, body).body;
    expect(read?.valveId).toBe('V-901-BV');
    expect(read?.plant).toBe('Bayside North');
    expect(read?.safetyProtocol).toBe('LOCKOUT:\n1. Isolate');
  });

  it('sends no area when none is typed (the server takes it from the location), and the one typed otherwise', () => {
    expect(toCreateBody(filled())).not.toHaveProperty('area');
    expect(toCreateBody({ ...filled(), area: ' ' })).not.toHaveProperty('area');
    const read = checkAgainst(valveCreateBody, toCreateBody({ ...filled(), area: ' Unit 2 ' })).body;
    expect(read?.area).toBe('Unit 2');
  });

  it("sends the criticality chosen, B (the contract's default) until another is chosen", () => {
    expect(toCreateBody(filled()).criticality).toBe('B');
    const read = checkAgainst(valveCreateBody, toCreateBody({ ...filled(), criticality: 'A' })).body;
    expect(read?.criticality).toBe('A');
  });

  it('refuses an area with a comma, as the server does', () => {
    expect(createIssues({ ...filled(), area: 'Unit 2, feed line' }).area).toBe('must not contain a comma');
  });
});

describe('changedValveFields', () => {
  const valve = {
    ...checkAgainst(valveCreateBody, toCreateBody(filled())).body,
    id: 1,
    status: 'active',
    nextMaintenance: '2026-09-01',
    lastMaintenance: null,
    area: 'Unit 2',
    specifications: 'Old spec',
    version: 2,
  } as unknown as ValveDetail;

  it('is empty when nothing changed', () => {
    const values = valveToValues(valve);
    expect(changedValveFields(values, { ...values })).toEqual({});
  });

  it('sends only the changed fields, cleared ones as null', () => {
    const before = valveToValues(valve);
    const after = {
      ...before,
      location: 'Unit 3',
      maintenanceIntervalDays: '90',
      specifications: '',
      nextMaintenance: '',
    };
    expect(changedValveFields(before, after)).toEqual({
      location: 'Unit 3',
      maintenanceIntervalDays: 90,
      specifications: null,
      nextMaintenance: null,
    });
  });

  it('sends a changed criticality, and none when it stayed', () => {
    const before = valveToValues(valve);
    expect(before.criticality).toBe('B');
    expect(changedValveFields(before, { ...before, criticality: 'C' })).toEqual({ criticality: 'C' });
  });

  it('sends a changed area, which an edit may not leave empty', () => {
    const before = valveToValues(valve);
    expect(changedValveFields(before, { ...before, area: 'Pump House' })).toEqual({ area: 'Pump House' });
    const cleared = changedValveFields(before, { ...before, area: '' });
    expect(checkAgainst(valveUpdateBody, { ...cleared, version: 2 }).issues).toEqual([
      { path: 'area', message: 'is required' },
    ]);
  });
});
