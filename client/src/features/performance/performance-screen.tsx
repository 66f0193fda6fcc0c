import { TEXTS } from '@common/texts';
import { BenchmarkTabs } from './components/benchmark-tabs';
import { HealthCards } from './components/health-cards';

/** Spec §2.21 /performance: the server's live health and its benchmarks, every figure a measurement. */
export function PerformanceScreen() {
  return (
    <div>
      <title>{`${TEXTS.performance.title} · ValveOps`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{TEXTS.performance.title}</h1>
      <HealthCards />
      <BenchmarkTabs />
    </div>
  );
}
