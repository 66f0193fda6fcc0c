import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint';

describe('afterNextPaint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves only after the next frame callback, in a task queued from it', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    let done = false;
    const waiting = afterNextPaint().then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(done).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    expect(done).toBe(false);
    await waiting;
    expect(done).toBe(true);
  });
});
