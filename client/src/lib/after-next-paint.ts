/**
 * Resolves once the browser has painted the next frame: a task queued from a frame callback runs after that frame's
 * paint. A tap that starts heavy work awaits it first, so the technician sees the button answer (its spinner) before
 * the work, and the interaction's next paint (INP) does not wait for it.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
