import { describe, expect, it } from 'vitest';
import { MANUAL_LIBRARY_TOTALS } from '../constants';
import { MANUAL_CATEGORIES, MANUAL_STANDARDS, manual } from '../schemas/manuals';
import { ALL, filterManuals, NO_MANUAL_FILTERS } from './filter';
import { ALL_MANUALS, FEATURED_MANUALS, findManual, MANUAL_LIBRARY, sizeInMb } from './library';
import { parseManualText } from './manual-text';

describe('the built-in library', () => {
  it('holds five valve manuals and three nozzle manuals, each with every field of spec §3', () => {
    expect(MANUAL_LIBRARY.filter((m) => m.kind === 'valve')).toHaveLength(5);
    expect(MANUAL_LIBRARY.filter((m) => m.kind === 'nozzle')).toHaveLength(3);
    for (const m of ALL_MANUALS) {
      manual.strict().parse(m);
      expect(m.sections.length).toBeGreaterThan(0);
      expect(m.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(m.downloadSize).toMatch(/^\d+(\.\d)? MB$/);
      for (const section of m.sections) expect(parseManualText(section.content).length).toBeGreaterThan(1);
    }
    expect(new Set(ALL_MANUALS.map((m) => m.id)).size).toBe(ALL_MANUALS.length);
  });

  it('uses every category and standard its filters offer', () => {
    for (const category of MANUAL_CATEGORIES) {
      expect(filterManuals(MANUAL_LIBRARY, { ...NO_MANUAL_FILTERS, category }).length).toBeGreaterThan(0);
    }
    for (const standard of MANUAL_STANDARDS) {
      expect(filterManuals(MANUAL_LIBRARY, { ...NO_MANUAL_FILTERS, standard }).length).toBeGreaterThan(0);
    }
  });

  it('features six manuals on the dashboard that add up to the library totals of spec §9', () => {
    expect(FEATURED_MANUALS).toHaveLength(6);
    expect(FEATURED_MANUALS.reduce((sum, m) => sum + m.pages, 0)).toBe(MANUAL_LIBRARY_TOTALS.pages);
    const mb = FEATURED_MANUALS.reduce((sum, m) => sum + sizeInMb(m), 0);
    expect(Math.round(mb * 10) / 10).toBe(MANUAL_LIBRARY_TOTALS.sizeMb);
  });

  it('finds a manual by id', () => {
    expect(findManual('ball-valve-om')?.title).toBe('Ball Valve O&M Manual');
    expect(findManual('no-such-manual')).toBeUndefined();
  });
});

describe('filterManuals (spec §5)', () => {
  const titles = (filters: Partial<typeof NO_MANUAL_FILTERS>) =>
    filterManuals(MANUAL_LIBRARY, { ...NO_MANUAL_FILTERS, ...filters }).map((m) => m.title);

  it('with every filter on All, keeps everything', () => {
    expect(titles({})).toHaveLength(MANUAL_LIBRARY.length);
    expect(titles({ category: 'all', standard: ALL, text: '   ' })).toHaveLength(MANUAL_LIBRARY.length);
  });

  it('matches the text in title, type or description, ignoring case', () => {
    expect(titles({ text: 'GATE' })).toEqual(['Gate Valve Maintenance Guide']);
    expect(titles({ text: 'flow nozzle' })).toEqual(['Flow Nozzle Installation & Alignment Manual']);
    // Section texts are not searched: only title, type and description.
    expect(titles({ text: 'lockout' })).toEqual([]);
    expect(titles({ text: 'trunnion' })).toEqual(['Ball Valve O&M Manual']);
  });

  it('matches the category exactly', () => {
    expect(titles({ category: 'Maintenance' })).toEqual([
      'Gate Valve Maintenance Guide',
      'Globe Valve Service Manual',
      'Nozzle Inspection & Repair Manual',
    ]);
    expect(titles({ category: 'maintenance' })).toEqual([]);
  });

  it('matches a standard contained in any compliance entry', () => {
    expect(titles({ standard: 'National Board' })).toEqual([
      'Safety Relief Valve Manual',
      'Nozzle Inspection & Repair Manual',
    ]);
    expect(titles({ standard: 'NFPA' })).toEqual(['Nozzle Inspection & Repair Manual']);
    expect(titles({ standard: 'ISO' })).toEqual([
      'Globe Valve Service Manual',
      'Flow Nozzle Installation & Alignment Manual',
    ]);
  });

  it('combines the three filters', () => {
    expect(titles({ text: 'valve', category: 'Safety', standard: 'API' })).toEqual(['Safety Relief Valve Manual']);
    expect(titles({ text: 'nozzle', category: 'Safety' })).toEqual([]);
  });
});
