import { reliefTagBody } from '@common/schemas/relief-valves';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../lib/cells';
import { changesOf, outcomeOf } from './outcome';
import { fieldOf, listIn, readRow, readWord, timeUnitOf } from './row-checks';

const read = (cell: Cell, reader = readWord({ yes: true, no: false, active: 'active' }, 'yes or no')) =>
  readRow({ row: 3, cells: new Map([['flag', { column: 'Flag', cell }]]) }, { flag: reader });

describe('the row checks every register shares', () => {
  it('reads every unit of time registers write as the calendar unit, and nothing else', () => {
    const units = {
      day: ['d', 'day', 'days'],
      week: ['w', 'wk', 'wks', 'week', 'weeks'],
      month: ['mo', 'mos', 'mon', 'month', 'months'],
      year: ['y', 'yr', 'yrs', 'year', 'years'],
    };
    for (const [unit, written] of Object.entries(units)) for (const w of written) expect(timeUnitOf(w), w).toBe(unit);
    for (const w of ['h', 'hours', 'fortnight', 'bar', 'm', '']) expect(timeUnitOf(w), w).toBeUndefined();
  });

  it('splits a list cell on commas, semicolons and lines, each item once, in order', () => {
    expect(listIn('Power Plant A; Gas Plant B,Power Plant A\n Refinery C ,, ')).toEqual([
      'Power Plant A',
      'Gas Plant B',
      'Refinery C',
    ]);
    expect(listIn(' ; , ')).toEqual([]);
  });

  it('reads a word to its value in any case, yes/no to booleans, and refuses another word at its column', () => {
    expect(read('YES').values).toEqual({ flag: true });
    expect(read('no').values).toEqual({ flag: false });
    expect(read('Active').values).toEqual({ flag: 'active' });
    expect(read('').values).toEqual({});
    expect(read('maybe')).toEqual({
      values: {},
      refused: [{ row: 3, column: 'Flag', message: 'must be yes or no, not "maybe"' }],
    });
    expect(read('=HYPERLINK("http://x","y")').refused[0].message).toBe(
      'looks like a spreadsheet formula: type the value itself',
    );
  });

  it('makes a field required for a new record exactly when the contract refuses it left out', () => {
    const field = fieldOf(reliefTagBody);
    expect(field('tag', 'Tag').requiredForNew).toBe(true);
    expect(field('pressureUnit', 'Pressure unit').requiredForNew).toBe(false);
    expect(field('valve', 'Valve ID').requiredForNew).toBe(false);
  });

  it('reports each known record field by field, and counts what the rows do', () => {
    expect(changesOf({ name: 'Ann', plants: null }, { name: 'Anna', plants: 'Gas Plant B' })).toEqual([
      { field: 'name', from: 'Ann', to: 'Anna' },
      { field: 'plants', from: null, to: 'Gas Plant B' },
    ]);
    const refused = [{ row: 4, column: 'Tag', message: 'is required' }];
    expect(
      outcomeOf(
        4,
        [
          { kind: 'create', row: 1, key: 'PSV-1' },
          { kind: 'update', row: 2, key: 'PSV-2', fields: [{ field: 'service', from: 'Gas', to: 'Steam' }] },
          { kind: 'unchanged' },
        ],
        refused,
        'Your plan allows 10 valves',
      ),
    ).toEqual({
      rows: 4,
      create: 1,
      update: 1,
      unchanged: 1,
      refused,
      changes: [{ row: 2, key: 'PSV-2', fields: [{ field: 'service', from: 'Gas', to: 'Steam' }] }],
      creates: [{ row: 1, key: 'PSV-1' }],
      blockedBy: 'Your plan allows 10 valves',
    });
  });
});
