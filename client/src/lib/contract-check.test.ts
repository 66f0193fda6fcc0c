import { valveCreateBody } from '@common/schemas/valves';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { checkAgainst, lazySchemas } from './contract-check';

describe('checkAgainst', () => {
  it('answers the body as the contract reads it: trimmed, upper-cased, defaults filled in', () => {
    const checked = checkAgainst(valveCreateBody, {
      valveId: ' v-901-bv ',
      type: 'Ball Valve',
      size: ' 4" ',
      pressure: '600 PSI',
      plant: 'Power Plant A',
      location: 'Unit 2',
      system: 'Feedwater',
      manufacturer: 'Fisher',
      model: 'V150',
    });
    expect(checked.issues).toEqual([]);
    expect(checked.body).toMatchObject({
      valveId: 'V-901-BV',
      size: '4"',
      status: 'active',
      maintenanceIntervalDays: 180,
    });
  });

  it("gives the contract's issues in the shape of the server's 400: field path and message", () => {
    const checked = checkAgainst(z.object({ title: z.string().min(1, { error: 'is required' }) }), { title: '' });
    expect(checked).toEqual({ body: null, issues: [{ path: 'title', message: 'is required' }] });
  });
});

describe('lazySchemas', () => {
  const schemas = { note: z.object({ text: z.string().trim().min(1, { error: 'is required' }) }) };

  it('loads the schemas once, and checks with the one picked', async () => {
    const load = vi.fn(async () => schemas);
    const lazy = lazySchemas(load);
    lazy.preload();
    expect(await lazy.check((s) => s.note, { text: ' ok ' })).toEqual({ body: { text: 'ok' }, issues: [] });
    expect(await lazy.check((s) => s.note, { text: ' ' })).toEqual({
      body: null,
      issues: [{ path: 'text', message: 'is required' }],
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the body go unchecked when the schemas cannot load, and tries again next time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof schemas>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(schemas);
    const lazy = lazySchemas(load);
    expect(await lazy.check((s) => s.note, { text: '' })).toEqual({ body: { text: '' }, issues: [] });
    expect(await lazy.check((s) => s.note, { text: '' })).toMatchObject({ body: null });
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
