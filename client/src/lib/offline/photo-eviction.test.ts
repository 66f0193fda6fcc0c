import { STORAGE_GUIDANCE } from '@common/constants';
import { describe, expect, it } from 'vitest';
import { type KeptPhotoFile, photoBudget, photosToEvict } from './photo-eviction';

const thumb = (id: number, lastUsed: number, bytes = 10): KeptPhotoFile => ({
  url: `/api/photos/${id}/image?size=thumbnail`,
  kind: 'thumbnail',
  bytes,
  lastUsed,
});
const full = (id: number, lastUsed: number, bytes = 100): KeptPhotoFile => ({
  url: `/api/photos/${id}/image`,
  kind: 'full',
  bytes,
  lastUsed,
});
const urls = (files: KeptPhotoFile[]) => files.map((f) => f.url);

describe('photosToEvict', () => {
  it('drops nothing within the budget', () => {
    expect(photosToEvict([thumb(1, 5), full(2, 1)], 110)).toEqual([]);
    expect(photosToEvict([], 0)).toEqual([]);
  });

  it('drops full images first, least recently used first, even when a thumbnail is older', () => {
    const files = [thumb(1, 1), full(2, 50), full(3, 20), thumb(4, 2)];
    expect(urls(photosToEvict(files, 130))).toEqual(['/api/photos/3/image']);
    expect(urls(photosToEvict(files, 30))).toEqual(['/api/photos/3/image', '/api/photos/2/image']);
  });

  it('then thumbnails, least recently used first, only as many as needed', () => {
    const files = [thumb(1, 30), thumb(2, 10), thumb(3, 20), full(4, 99)];
    expect(urls(photosToEvict(files, 15))).toEqual([
      '/api/photos/4/image',
      '/api/photos/2/image?size=thumbnail',
      '/api/photos/3/image?size=thumbnail',
    ]);
  });

  it('goes to the end when the budget is nothing, and leaves the input as it was', () => {
    const files = [thumb(1, 3), full(2, 1)];
    expect(photosToEvict(files, 0)).toHaveLength(2);
    expect(urls(files)).toEqual(['/api/photos/1/image?size=thumbnail', '/api/photos/2/image']);
  });
});

describe('photoBudget', () => {
  const MB = 1_000_000;
  it('is what the 50 MB of critical data leaves after the records', () => {
    expect(photoBudget(10 * MB, 0, null)).toBe(STORAGE_GUIDANCE.criticalDataBytes - 10 * MB);
    expect(photoBudget(60 * MB, 0, null)).toBe(0);
  });

  it('never leaves the browser under 1 GB free, counting the photos already kept as theirs', () => {
    const room = { quota: 1_020 * MB, usage: 15 * MB };
    expect(photoBudget(1 * MB, 5 * MB, room)).toBe(10 * MB);
    expect(photoBudget(1 * MB, 0, { quota: 10_000 * MB, usage: 0 })).toBe(49 * MB);
  });
});
