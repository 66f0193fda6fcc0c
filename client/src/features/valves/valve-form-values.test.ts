import type { ValveDetail } from '@common/schemas/valves';
import { describe, expect, it } from 'vitest';
import {
  changedValveFields,
  checkValveId,
  checkValveValues,
  emptyValveValues,
  toCreateBody,
  valveToValues,
} from './valve-form-values';

const filled = () => ({
  ...emptyValveValues(),
  valveId: 'v-901-bv ',
  size: '4"',
  pressure: '600 PSI',
  location: 'Unit 2, feed line',
  system: 'Feedwater',
  manufacturer: 'Fisher',
  model: 'V150',
});

describe('checkValveId', () => {
  it('accepts V, a number and two letters, in any case and with spaces around', () => {
    expect(checkValveId('V-001-BV')).toBeNull();
    expect(checkValveId(' v-123456-gv ')).toBeNull();
  });

  it('refuses anything else, and says what it should look like', () => {
    for (const bad of ['V-1-B', 'V-001-BVX', 'X-001-BV', 'V001BV', 'V--BV', 'V-1234567-BV']) {
      expect(checkValveId(bad)).toMatch(/V-123-BV/);
    }
    expect(checkValveId('  ')).toBe('is required');
  });
});

describe('checkValveValues', () => {
  it('passes a complete form', () => {
    expect(checkValveValues(filled(), 'create')).toEqual({});
  });

  it('marks missing required fields, a bad tag and a bad interval', () => {
    const errors = checkValveValues(
      { ...filled(), valveId: 'V-9', model: ' ', maintenanceIntervalDays: '1.5' },
      'create',
    );
    expect(Object.keys(errors).sort()).toEqual(['maintenanceIntervalDays', 'model', 'valveId']);
    expect(checkValveValues({ ...filled(), maintenanceIntervalDays: '0' }, 'create')).toHaveProperty(
      'maintenanceIntervalDays',
    );
  });

  it('does not check the tag when editing (it cannot be changed)', () => {
    expect(checkValveValues({ ...filled(), valveId: 'whatever' }, 'edit')).toEqual({});
  });
});

describe('toCreateBody', () => {
  it('trims, upper-cases the tag, and leaves out empty optional texts and dates', () => {
    const body = toCreateBody({ ...filled(), safetyProtocol: '  LOCKOUT:\n1. Isolate  ' });
    expect(body.valveId).toBe('V-901-BV');
    expect(body.maintenanceIntervalDays).toBe(180);
    expect(body.safetyProtocol).toBe('LOCKOUT:\n1. Isolate');
    expect(body).not.toHaveProperty('operatingManual');
    expect(body).not.toHaveProperty('nextMaintenance');
  });
});

describe('changedValveFields', () => {
  const valve = {
    ...toCreateBody(filled()),
    id: 1,
    status: 'active',
    nextMaintenance: '2026-09-01',
    lastMaintenance: null,
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
});
