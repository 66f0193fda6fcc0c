import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * For long work of the server's own (a recompute of every valve): call the returned function between its steps, and
 * once a slice of `sliceMs` has passed it waits one turn of the event loop, so requests that arrived meanwhile are
 * answered between two steps rather than after the whole work. Needed on PGlite above all: it runs in this thread and
 * answers its queries without ever yielding to the event loop, so 500 valves' recompute held every request for
 * 4.6 s (issue 31, bench/burst.ts's PGlite stall).
 */
export function takingTurns(sliceMs = 20): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}
