import { describe, expect, it } from 'vitest';
import { fitWithin, needsShrinking, PHOTO_SMALL_BYTES } from './shrink-photo';

describe('fitWithin', () => {
  it('brings a 12-megapixel landscape photo to 2000 px wide, its shape kept', () => {
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 2000, height: 1500 });
  });

  it('brings a portrait photo to 2000 px tall', () => {
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1500, height: 2000 });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
  });

  it('keeps at least a pixel on a very thin picture', () => {
    expect(fitWithin({ width: 10_000, height: 2 })).toEqual({ width: 2000, height: 1 });
  });

  it('takes another long side', () => {
    expect(fitWithin({ width: 1000, height: 500 }, 100)).toEqual({ width: 100, height: 50 });
  });
});

describe('needsShrinking', () => {
  it('shrinks a picture longer than the limit, whatever its bytes', () => {
    expect(needsShrinking({ width: 2001, height: 100 }, 10_000)).toBe(true);
  });

  it('shrinks a heavy picture within the limit (an uncompressed PNG)', () => {
    expect(needsShrinking({ width: 1800, height: 1200 }, PHOTO_SMALL_BYTES + 1)).toBe(true);
  });

  it('sends a small, light picture as it is', () => {
    expect(needsShrinking({ width: 1200, height: 900 }, 300_000)).toBe(false);
  });
});
