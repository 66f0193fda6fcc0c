import { EventEmitter } from 'node:events';

/** New readings were stored for these valves: the analytics job listens and recomputes them (debounced). */
export type ReadingsArrived = { organizationId: number; valveIds: number[] };

const emitter = new EventEmitter();

export function announceReadings(event: ReadingsArrived): void {
  emitter.emit('readings', event);
}

export function onReadings(listener: (event: ReadingsArrived) => void): () => void {
  emitter.on('readings', listener);
  return () => emitter.off('readings', listener);
}
