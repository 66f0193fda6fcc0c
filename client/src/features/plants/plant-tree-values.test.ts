import type { PlantAreaNode } from '@common/schemas/plant-tree';
import { describe, expect, it } from 'vitest';
import { holdsNoValves, moveTargets, valveListLink } from './plant-tree-values';

describe('valveListLink', () => {
  it('narrows the valve list to an area, or to a system of it', () => {
    expect(valveListLink('Gas Plant B', 'Unit 1')).toBe('/valves?plant=Gas+Plant+B&area=Unit+1');
    expect(valveListLink('Gas Plant B', 'Unit 1', 'Main Steam')).toBe(
      '/valves?plant=Gas+Plant+B&area=Unit+1&system=Main+Steam',
    );
  });

  it('keeps names with & and # whole', () => {
    const link = new URL(valveListLink('A&B Works', 'Pier #2', 'Steam & Condensate'), 'http://x');
    expect(link.searchParams.get('plant')).toBe('A&B Works');
    expect(link.searchParams.get('area')).toBe('Pier #2');
    expect(link.searchParams.get('system')).toBe('Steam & Condensate');
  });
});

describe('moveTargets', () => {
  const area = (id: number, name: string) =>
    ({ id, name, valves: 0, overdue: 0, inMaintenance: 0, decommissioned: 0, systems: [] }) as PlantAreaNode;

  it("offers the plant's other areas, in order", () => {
    const areas = [area(1, 'Pump House'), area(2, 'Unit 1'), area(3, 'Unit 2')];
    expect(moveTargets(areas, 2).map((a) => a.name)).toEqual(['Pump House', 'Unit 2']);
    expect(moveTargets([area(1, 'Only')], 1)).toEqual([]);
  });
});

describe('holdsNoValves', () => {
  it('counts decommissioned valves as held, as the server does when it refuses a removal', () => {
    const node = { id: 1, name: 'Fuel Gas', valves: 0, overdue: 0, inMaintenance: 0, decommissioned: 0 };
    expect(holdsNoValves(node)).toBe(true);
    expect(holdsNoValves({ ...node, decommissioned: 1 })).toBe(false);
    expect(holdsNoValves({ ...node, valves: 1 })).toBe(false);
  });
});
