/** Constructed signals for the engine's tests: raw readings of each channel at a steady rate, with a reference. */
import type { Quantity } from '@common/quantities';
import { SeededRandom } from '../../../../lib/seeded-random';
import type { Bucket, ChannelSeries, ConditionInput } from './types';

export const T0 = Date.UTC(2026, 4, 4);

export type Signal = { name: string; quantity: Quantity; at: (t: number, random: SeededRandom) => number };

/** Raw readings of each signal every `everyMs` (± `jitterMs`) from T0 for `spanMs`, split at `referenceMs`. */
export function input(
  signals: Signal[],
  opts: { spanMs: number; referenceMs: number; everyMs: number; jitterMs?: number; skip?: (t: number) => boolean },
): ConditionInput {
  const random = new SeededRandom(7);
  const reference = { from: T0 - 1, to: T0 + opts.referenceMs };
  const window = { from: T0 + opts.referenceMs, to: T0 + opts.spanMs };
  const channels: ChannelSeries[] = signals.map((s) => {
    const all: Bucket[] = [];
    for (let t = T0; t <= window.to; t += opts.everyMs) {
      const at = Math.round(t + (opts.jitterMs ? random.between(-opts.jitterMs, opts.jitterMs) : 0));
      if (opts.skip?.(at)) continue;
      const v = s.at(at, random);
      all.push({ t: at, count: 1, mean: v, min: v, max: v, last: v });
    }
    return {
      name: s.name,
      quantity: s.quantity,
      reference: { stepMs: 0, buckets: all.filter((b) => b.t > reference.from && b.t <= reference.to) },
      window: { stepMs: 0, buckets: all.filter((b) => b.t > window.from && b.t <= window.to) },
    };
  });
  return { valveTag: 'V-001-BV', channels, reference, window };
}
