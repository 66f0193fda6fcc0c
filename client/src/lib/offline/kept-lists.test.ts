import type { ValveSummary } from '@common/schemas/valves';
import { describe, expect, it } from 'vitest';
import { pageOfValves } from './kept-lists';

const valve = (id: number, area: string, system: string) =>
  ({ id, valveId: `V-${id}`, plant: 'Gas Plant B', area, system, status: 'active' }) as ValveSummary;

const kept = [
  valve(1, 'Unit 1', 'Main Steam'),
  valve(2, 'Unit 1', 'Feedwater'),
  valve(3, 'Unit 2', 'Main Steam'),
  valve(4, 'Tank Farm', 'Crude Transfer'),
];
const ids = (answer: ReturnType<typeof pageOfValves>) =>
  (Array.isArray(answer) ? answer : answer.items).map((v) => v.id);

describe('the kept valve list, filtered by place offline', () => {
  it('matches the area and the system by their whole name, in any case, as the server does', () => {
    expect(ids(pageOfValves(kept, new URLSearchParams('area=unit+1')))).toEqual([1, 2]);
    expect(ids(pageOfValves(kept, new URLSearchParams('system=MAIN+STEAM')))).toEqual([1, 3]);
    expect(ids(pageOfValves(kept, new URLSearchParams('plant=Gas+Plant+B&area=Unit+1&system=Main+Steam')))).toEqual([
      1,
    ]);
    expect(ids(pageOfValves(kept, new URLSearchParams('area=Unit')))).toEqual([]);
  });

  it('pages the narrowed list', () => {
    expect(pageOfValves(kept, new URLSearchParams('area=Unit+1&limit=1'))).toMatchObject({
      items: [{ id: 1 }],
      nextCursor: 1,
    });
  });
});
