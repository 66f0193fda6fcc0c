import { type RandomGenerator, unsafeUniformIntDistribution, xoroshiro128plus } from 'pure-rand';

/** A seeded generator: the same seed gives the same demo plant (and the same synthetic valves of the engine's detection check) on every machine. */
export class SeededRandom {
  private readonly rng: RandomGenerator;

  constructor(seed: number) {
    this.rng = xoroshiro128plus(seed);
  }

  /** Whole number in [from, to]. */
  int(from: number, to: number): number {
    return unsafeUniformIntDistribution(from, to, this.rng);
  }

  /** Number in [0, 1). */
  unit(): number {
    return this.int(0, 999_999_999) / 1_000_000_000;
  }

  between(from: number, to: number): number {
    return from + (to - from) * this.unit();
  }

  /** Normally distributed (Box-Muller), for sensor noise. */
  normal(mean: number, sd: number): number {
    const u = Math.max(this.unit(), 1e-9);
    const v = this.unit();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  chance(probability: number): boolean {
    return this.unit() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.unit() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1][0];
  }
}
