import { describe, expect, it } from 'vitest';
import type { OfflinePhoto, PendingWrite } from './offline-db';
import {
  describeRefusal,
  describeWrite,
  pendingNotes,
  pendingPhotos,
  pendingWorkOrders,
  valveTagIn,
} from './pending-changes';

const write = (id: number, url: string, body: unknown, extra: Partial<PendingWrite> = {}): PendingWrite => ({
  id,
  url,
  method: 'POST',
  headers: {},
  body: body === null ? null : JSON.stringify(body),
  timestamp: id * 1000,
  ...extra,
});

describe('pending changes', () => {
  const queue = [
    write(1, '/api/work-orders', { valveId: 7, title: 'Replace gasket', priority: 'high' }),
    write(2, '/api/work-orders/5/notes', { text: 'Isolated' }),
    write(
      3,
      '/api/work-orders',
      { valveId: 8, title: 'Refused one' },
      { attention: { status: 422, message: 'x', at: 1 } },
    ),
    write(4, '/api/work-orders/5/status', { status: 'in_progress', version: 2 }),
    write(5, '/api/work-orders', { valveId: 9, title: 'Newest' }),
    write(6, '/api/photos', null, { photoId: 'p1' }),
    write(7, '/api/photos', null, { photoId: 'p2' }),
  ];

  it('lists new work orders waiting to sync, newest first, without the refused ones', () => {
    expect(pendingWorkOrders(queue)).toEqual([
      { key: 5, title: 'Newest', priority: 'medium', valveId: 9, timestamp: 5000 },
      { key: 1, title: 'Replace gasket', priority: 'high', valveId: 7, timestamp: 1000 },
    ]);
  });

  it('lists the notes of one work order only', () => {
    expect(pendingNotes(queue, 5)).toEqual([{ key: 2, text: 'Isolated', timestamp: 2000 }]);
    expect(pendingNotes(queue, 6)).toEqual([]);
  });

  it('lists the photos of one owner with their stored files', () => {
    const photo = (id: string, fields: Record<string, string>): OfflinePhoto => ({
      id,
      blob: new Blob(['x']),
      fileName: `${id}.png`,
      fields,
      timestamp: 1,
    });
    const photos = new Map([
      ['p1', photo('p1', { valveId: '1', description: 'Flange' })],
      ['p2', photo('p2', { workOrderId: '1' })],
    ]);
    expect(pendingPhotos(queue, photos, { valveId: 1 }).map((p) => p.photo.id)).toEqual(['p1']);
    expect(pendingPhotos(queue, photos, { workOrderId: 1 }).map((p) => p.photo.id)).toEqual(['p2']);
  });

  it('finds a valve tag in a detail, a list or a page of valves', () => {
    expect(valveTagIn([{ id: 1, valveId: 'V-001-BV' }], 1)).toBe('V-001-BV');
    expect(valveTagIn([[{ id: 2, valveId: 'V-002' }]], 2)).toBe('V-002');
    expect(valveTagIn([null, { items: [{ id: 3, valveId: 'V-003' }] }], 3)).toBe('V-003');
    expect(valveTagIn([{ valves: [{ id: 4, valveId: 'V-004' }] }], 5)).toBeNull();
  });
});

describe('describeWrite', () => {
  it('names a queued write in the plant words, with what it is about', () => {
    expect(describeWrite(write(1, '/api/work-orders', { title: 'Replace gasket' }))).toBe(
      'New work order: Replace gasket',
    );
    const names = { valves: new Map([[31, 'V-031-BV']]), workOrders: new Map([[3, 'WO-2026-0064']]) };
    expect(describeWrite(write(2, '/api/work-orders/3/status', { status: 'in_progress', version: 2 }), names)).toBe(
      'Status change of work order WO-2026-0064',
    );
    expect(describeWrite(write(3, '/api/work-orders/3/notes', { text: 'Isolated' }), names)).toBe(
      'Note on work order WO-2026-0064: Isolated',
    );
    expect(describeWrite(write(5, '/api/work-orders', { valveId: 31, title: '' }), names)).toBe(
      'New work order: V-031-BV',
    );
    expect(describeWrite(write(6, '/api/valves/44', {}, { method: 'PATCH' }))).toBe('Edit of a valve');
    expect(describeWrite(write(4, '/api/photos', null))).toBe('Photo');
    expect(describeWrite({ method: 'DELETE', url: '/api/other', body: null })).toBe('A change');
  });

  it('says "No connection" for a browser\'s network failure', () => {
    expect(describeRefusal('Failed to fetch')).toBe('No connection');
    expect(describeRefusal('Valve not found')).toBe('Valve not found');
  });
});
