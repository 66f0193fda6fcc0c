import { describe, expect, it } from 'vitest';
import { takingTurns } from './taking-turns';

/** Work that holds the thread, as the engine's assessment of a valve or a PGlite query does. */
const holdThread = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
};

/** How often a 1 ms timer ran during 30 steps of 5 ms, with `between` awaited after each. */
async function ticksDuring(between: () => Promise<void>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => {
    ticks++;
  }, 1);
  for (let step = 0; step < 30; step++) {
    holdThread(5);
    await between();
  }
  clearInterval(timer);
  return ticks;
}

describe('takingTurns', () => {
  it('lets the event loop run between steps once a slice has passed, where awaiting alone does not', async () => {
    expect(await ticksDuring(() => Promise.resolve())).toBe(0);
    // 150 ms of work in slices of 10 ms: about 15 turns (14 ticks measured), each letting the timer run.
    expect(await ticksDuring(takingTurns(10))).toBeGreaterThanOrEqual(5);
  });
});
