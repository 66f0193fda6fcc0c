/** How the performance screen writes its figures. */
import type { Benchmark, BenchmarkStatus } from '@common/schemas/performance';
import type { Tone } from '@common/status-styles';

export const STATUS_TONES: Record<BenchmarkStatus, Tone> = {
  excellent: 'success',
  good: 'info',
  warning: 'warning',
  critical: 'danger',
};

/** 93 s → '1 min 33 s'; 7,400 s → '2 h 3 min'; 200,000 s → '2 d 7 h'. */
export function formatUptime(seconds: number): string {
  const s = Math.floor(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}

/** Milliseconds with sensible precision: 0.42 ms, 8.3 ms, 153 ms, 1,204 ms. */
export function formatMs(ms: number): string {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms).toLocaleString('en-US')} ms`;
}

export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

export function formatValue(b: Pick<Benchmark, 'value' | 'unit'>): string {
  if (b.unit === 'ms') return formatMs(b.value);
  if (b.unit === '%') return formatPercent(b.value);
  if (b.unit === 'score') return `${Math.round(b.value)}`;
  return `${b.value.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${b.unit}`;
}

/** The target as a condition: '< 200 ms', '< 1.00%', '≥ 90'. */
export function formatTarget(b: Pick<Benchmark, 'target' | 'unit' | 'better'>): string {
  const value = formatValue({ value: b.target, unit: b.unit });
  return b.better === 'lower' ? `< ${value}` : `≥ ${value}`;
}
