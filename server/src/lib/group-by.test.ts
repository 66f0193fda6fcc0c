import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by';

describe('groupBy', () => {
  it('keeps each key’s items in the order given, and what each is there for', () => {
    const rows = [
      { order: 2, line: 'a' },
      { order: 1, line: 'b' },
      { order: 2, line: 'c' },
    ];
    expect(groupBy(rows, (r) => r.order)).toEqual(
      new Map([
        [2, [rows[0], rows[2]]],
        [1, [rows[1]]],
      ]),
    );
    expect(
      groupBy(
        rows,
        (r) => r.order,
        (r) => r.line,
      ),
    ).toEqual(
      new Map([
        [2, ['a', 'c']],
        [1, ['b']],
      ]),
    );
    expect(groupBy([], (r: { order: number }) => r.order)).toEqual(new Map());
  });
});
