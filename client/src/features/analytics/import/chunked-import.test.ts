import type { SensorReadingInput } from '@common/schemas/analytics';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/http';
import { type ImportProgress, importInChunks } from './chunked-import';
import type { ParsedReading } from './csv-mapping';

const readings: ParsedReading[] = Array.from({ length: 7 }, (_, i) => ({
  row: i + 2,
  valveTag: 'V-001-BV',
  timestamp: new Date(Date.UTC(2026, 10, 20, i)).toISOString(),
  sensorType: 'vibration',
  value: 1 + i / 10,
  ...(i === 0 && { quality: 'warning' as const }),
}));

const ok = (batch: SensorReadingInput[]) =>
  Promise.resolve({ received: batch.length, inserted: batch.length - 1, updated: 0, duplicates: 1 });

describe('importInChunks', () => {
  it('sends the readings in order in chunks, as the API names its fields, and counts chunks done', async () => {
    const post = vi.fn(ok);
    const seen: ImportProgress[] = [];
    const outcome = await importInChunks(readings, { post, onProgress: (p) => seen.push(p), chunkSize: 3 });
    expect(post.mock.calls.map(([batch]) => batch.length)).toEqual([3, 3, 1]);
    expect(post.mock.calls[0][0][0]).toEqual({
      valveId: 'V-001-BV',
      timestamp: '2026-11-20T00:00:00.000Z',
      sensorType: 'vibration',
      value: 1,
      quality: 'warning',
    });
    expect(post.mock.calls[0][0][1]).not.toHaveProperty('quality');
    expect(seen.map((p) => [p.chunksDone, p.chunksTotal, p.readingsDone])).toEqual([
      [0, 3, 0],
      [1, 3, 3],
      [2, 3, 6],
      [3, 3, 7],
    ]);
    expect(outcome).toEqual({ inserted: 4, updated: 0, duplicates: 3, refused: [] });
  });

  it('reports a refused chunk with its rows and the server reason, and goes on', async () => {
    const post = vi.fn(ok);
    post.mockRejectedValueOnce(
      new HttpError(
        400,
        '400: {"message":"Unknown valve V-001-BV","issues":[{"path":"readings.0.valveId","message":"not found"}]}',
      ),
    );
    const outcome = await importInChunks(readings, { post, onProgress: () => {}, chunkSize: 3 });
    expect(post).toHaveBeenCalledTimes(3);
    expect(outcome.refused).toEqual([
      { firstRow: 2, lastRow: 4, readings: 3, reason: 'Unknown valve V-001-BV · readings.0.valveId: not found' },
    ]);
    expect(outcome.inserted).toBe(2 + 0);
  });

  it('retries a chunk that could not get through, then stops and says after how many chunks', async () => {
    const post = vi.fn(ok);
    post.mockImplementationOnce(ok).mockRejectedValue(new TypeError('Failed to fetch'));
    const pause = vi.fn((_ms: number) => Promise.resolve());
    const outcome = await importInChunks(readings, { post, onProgress: () => {}, chunkSize: 3, pause });
    expect(post).toHaveBeenCalledTimes(1 + 3);
    expect(pause.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000]);
    expect(outcome.stopped).toEqual({ reason: expect.stringMatching(/reach the server/), chunksDone: 1 });
    expect(outcome.inserted).toBe(2);
  });
});
