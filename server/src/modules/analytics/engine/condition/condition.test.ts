/**
 * The failures issue 19 names, each on data built to show it: a quantised transmitter (MAD 0), a fall (not a
 * rise), units (scale and offset of a channel change nothing), sub-second irregular readings, gaps, and equal
 * readings that are not a stuck transmitter.
 */
import { describe, expect, it } from 'vitest';
import { median } from '../stats';
import { assessCondition } from './assess';
import { input, type Signal, T0 } from './test-signals';
import type { Bucket, ConditionInput } from './types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const quantise = (v: number, step: number) => Math.round(v / step) * step;
/** A process swing shared by the channels, as a plant's load moves them together; the reference sees it twice. */
const swing = (t: number) => Math.sin((2 * Math.PI * (t - T0)) / HOUR);

describe('a quantised transmitter (median absolute deviation 0)', () => {
  const faultFrom = T0 + 4 * HOUR;
  const signals = (shift: number): Signal[] => [
    {
      name: 'pressure',
      quantity: 'pressure',
      at: (t, r) => quantise(4 + 0.02 * swing(t) + r.normal(0, 0.008) + (t >= faultFrom ? shift : 0), 0.05),
    },
    { name: 'flow', quantity: 'flow', at: (t, r) => 40 + 2 * swing(t) + r.normal(0, 0.3) },
    { name: 'current', quantity: 'current', at: (t, r) => 18 + 0.5 * swing(t) + r.normal(0, 0.1) },
  ];
  const spec = { spanMs: 5 * HOUR, referenceMs: 2 * HOUR, everyMs: 10_000 };

  it('is learned as a step, not noise: no glitches, no stuck transmitter, no episode while healthy', () => {
    const healthy = input(signals(0), spec);
    const values = healthy.channels[0].reference.buckets.map((b) => b.mean);
    const m = median(values);
    expect(median(values.map((v) => Math.abs(v - m)))).toBe(0);
    const a = assessCondition(healthy);
    expect(a.channels[0].resolution).toBeCloseTo(0.05, 9);
    expect(a.glitches).toEqual([]);
    expect(a.stuck).toEqual([]);
    expect(a.episodes).toEqual([]);
  });

  it('still sees a real shift of a few steps', () => {
    const a = assessCondition(input(signals(0.2), spec));
    expect(a.episodes).toHaveLength(1);
    const [e] = a.episodes;
    expect(Math.abs(e.start - faultFrom)).toBeLessThan(10 * MINUTE);
    expect(e.end).toBeNull();
    expect(e.channels[0]).toMatchObject({ channel: 'pressure', direction: 'up', changeUnit: '%' });
    expect(e.channels[0].change).toBeCloseTo(5, 0);
  });
});

describe('a fall', () => {
  it('is a departure like a rise: a closed valve unloads the motor, current and winding temperature drop', () => {
    const closed = T0 + 3 * HOUR;
    const signals: Signal[] = [
      {
        name: 'current',
        quantity: 'current',
        at: (t, r) => (t >= closed ? 14 : 18) + 0.3 * swing(t) + r.normal(0, 0.15),
      },
      {
        name: 'winding temperature',
        quantity: 'temperature',
        at: (t, r) => 70 - (t >= closed ? 8 * (1 - Math.exp(-(t - closed) / (20 * MINUTE))) : 0) + r.normal(0, 0.2),
      },
      { name: 'vibration', quantity: 'vibrationVelocity', at: (_t, r) => 1.5 * Math.exp(r.normal(0, 0.05)) },
    ];
    const a = assessCondition(input(signals, { spanMs: 4 * HOUR, referenceMs: 2 * HOUR, everyMs: MINUTE }));
    expect(a.episodes).toHaveLength(1);
    const byName = Object.fromEntries(a.episodes[0].channels.map((c) => [c.channel, c]));
    expect(byName.current).toMatchObject({ direction: 'down', changeUnit: '%' });
    expect(byName.current.change).toBeLessThan(-15);
    expect(byName['winding temperature']).toMatchObject({ direction: 'down', changeUnit: 'degC' });
    expect(a.episodes[0].severity).toBe('critical');
    expect(a.channels.find((c) => c.channel === 'winding temperature')?.trend).toBe('falling');
  });
});

describe('units', () => {
  const fault = T0 + 3 * HOUR;
  const signals = (scale: number, offset: number): Signal[] => [
    {
      name: 'acceleration',
      quantity: 'vibrationAcceleration',
      // About 0.02 g: small numbers that an absolute noise floor would flatten.
      at: (t, r) => scale * (0.2 * (t >= fault ? 1.8 : 1) * Math.exp(r.normal(0, 0.04))) + offset,
    },
    { name: 'temperature', quantity: 'temperature', at: (t, r) => 40 + 0.5 * swing(t) + r.normal(0, 0.05) },
    { name: 'current', quantity: 'current', at: (t, r) => 12 + 0.2 * swing(t) + r.normal(0, 0.05) },
  ];
  const spec = { spanMs: 4 * HOUR, referenceMs: 2 * HOUR, everyMs: 30_000 };
  const verdict = (a: ReturnType<typeof assessCondition>) =>
    a.episodes.map((e) => ({
      start: e.start,
      end: e.end,
      severity: e.severity,
      channels: e.channels.map((c) => [c.channel, c.direction, Math.round(c.change)]),
    }));

  it('judge a ratio-scale channel the same whatever its scale, small values included', () => {
    const base = assessCondition(input(signals(1, 0), spec));
    expect(verdict(base)).toHaveLength(1);
    expect(verdict(base)[0].channels[0].slice(0, 2)).toEqual(['acceleration', 'up']);
    expect(base.episodes[0].channels[0].change).toBeGreaterThan(65);
    expect(base.episodes[0].channels[0].change).toBeLessThan(95);
    for (const scale of [1e-3, 1e3]) {
      const scaled = assessCondition(input(signals(scale, 0), spec));
      expect(verdict(scaled)).toEqual(verdict(base));
      expect(scaled.condition).toBeCloseTo(base.condition, 6);
    }
  });

  it('judge a temperature the same in °C, °F or K: its offset and scale change nothing', () => {
    const celsius = input(signals(1, 0), spec);
    const shifted = (offset: number, factor: number): ConditionInput => ({
      ...celsius,
      channels: celsius.channels.map((c) => {
        if (c.quantity !== 'temperature') return c;
        const map = (b: Bucket): Bucket => ({
          ...b,
          mean: b.mean * factor + offset,
          min: b.min * factor + offset,
          max: b.max * factor + offset,
          last: b.last * factor + offset,
        });
        return {
          ...c,
          reference: { ...c.reference, buckets: c.reference.buckets.map(map) },
          window: { ...c.window, buckets: c.window.buckets.map(map) },
        };
      }),
    });
    const base = verdict(assessCondition(celsius));
    expect(verdict(assessCondition(shifted(273.15, 1)))).toEqual(base);
    expect(verdict(assessCondition(shifted(32, 1.8)))).toEqual(base);
  });
});

describe('sub-second readings', () => {
  it('are laid on a grid of their own rate, irregular as they come, and judged in seconds', () => {
    const fault = T0 + 20 * MINUTE;
    const signals: Signal[] = [
      { name: 'flow', quantity: 'flow', at: (t, r) => (t >= fault ? 30 : 36) + r.normal(0, 0.4) },
      { name: 'pressure', quantity: 'pressure', at: (t, r) => (t >= fault ? 3.4 : 3) + r.normal(0, 0.03) },
      { name: 'acceleration', quantity: 'vibrationAcceleration', at: (_t, r) => 0.3 * Math.exp(r.normal(0, 0.1)) },
    ];
    const a = assessCondition(
      input(signals, { spanMs: 25 * MINUTE, referenceMs: 10 * MINUTE, everyMs: 100, jitterMs: 30 }),
    );
    expect(a.gridMs).toBe(100);
    expect(a.read.readings).toBeGreaterThan(3 * 14_990);
    expect(a.episodes).toHaveLength(1);
    expect(Math.abs(a.episodes[0].start - fault)).toBeLessThan(2_000);
    expect(a.episodes[0].channels.map((c) => c.channel).sort()).toEqual(['flow', 'pressure']);
  });
});

describe('gaps', () => {
  const gap = { from: T0 + 3 * HOUR, to: T0 + 6 * HOUR };
  const signals = (fault: number | null): Signal[] => [
    { name: 'flow', quantity: 'flow', at: (t, r) => (fault && t >= fault ? 32 : 40) + 2 * swing(t) + r.normal(0, 0.3) },
    { name: 'pressure', quantity: 'pressure', at: (t, r) => 5 - 0.1 * swing(t) + r.normal(0, 0.02) },
    { name: 'current', quantity: 'current', at: (t, r) => 16 + 0.5 * swing(t) + r.normal(0, 0.1) },
  ];
  const spec = {
    spanMs: 8 * HOUR,
    referenceMs: 2 * HOUR,
    everyMs: MINUTE,
    skip: (t: number) => t > gap.from && t < gap.to,
  };

  it('make no episode of the missing hours and count against coverage', () => {
    const a = assessCondition(input(signals(null), spec));
    expect(a.episodes).toEqual([]);
    expect(a.stuck).toEqual([]);
    for (const c of a.channels) expect(c.coverage).toBeLessThan(0.7);
  });

  it('close an episode where the readings stop, and open another where they resume in trouble', () => {
    const a = assessCondition(input(signals(T0 + 2.5 * HOUR), spec));
    expect(a.episodes).toHaveLength(2);
    expect(a.episodes[0].end).toBeLessThanOrEqual(gap.from + MINUTE);
    expect(a.episodes[1].start).toBeGreaterThanOrEqual(gap.to - MINUTE);
    expect(a.episodes[1].end).toBeNull();
  });
});

describe('equal readings', () => {
  it('are a stuck transmitter only when far stiller than the reference ever was', () => {
    const frozen = T0 + 3 * HOUR;
    const signals: Signal[] = [
      // Quantised and steady: it repeats itself for minutes on end, healthy.
      { name: 'supply', quantity: 'actuatorSupplyPressure', at: (_t, r) => quantise(6 + r.normal(0, 0.01), 0.1) },
      // Continuous: it never repeats, until it freezes.
      { name: 'flow', quantity: 'flow', at: (t, r) => (t >= frozen ? 41.37 : 40 + 2 * swing(t) + r.normal(0, 0.3)) },
      { name: 'current', quantity: 'current', at: (t, r) => 16 + 0.5 * swing(t) + r.normal(0, 0.1) },
    ];
    const a = assessCondition(input(signals, { spanMs: 5 * HOUR, referenceMs: 2 * HOUR, everyMs: 10_000 }));
    expect(a.stuck.map((s) => s.channel)).toEqual(['flow']);
    expect(a.stuck[0].from).toBe(frozen);
    expect(a.channels.find((c) => c.channel === 'flow')?.stuckNow).toBe(true);
    expect(a.channels.find((c) => c.channel === 'supply')?.stuckNow).toBe(false);
    // A frozen flow reading says nothing about the valve: no episode from it.
    expect(a.episodes).toEqual([]);
  });
});
