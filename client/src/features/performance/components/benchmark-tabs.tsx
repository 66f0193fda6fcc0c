import type { Benchmark, BenchmarkCategory } from '@common/schemas/performance';
import { TEXTS } from '@common/texts';
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDateTime } from '@/lib/format';
import { useBenchmarks } from '../api/get-benchmarks';
import { formatTarget, formatValue, STATUS_TONES } from '../format';

const T = TEXTS.performance;
/** Spec §2.21: tabs for the first four categories found in the benchmarks. */
const TAB_COUNT = 4;

/** The categories in the order the server lists them (display order), each once. */
export function categoriesOf(list: Benchmark[]): BenchmarkCategory[] {
  return [...new Set(list.map((b) => b.category))].slice(0, TAB_COUNT);
}

function Trend({ b }: { b: Benchmark }) {
  const Icon = b.trend === 'up' ? ArrowUpRight : b.trend === 'down' ? ArrowDownRight : ArrowRight;
  const against = b.source === 'live' ? 'the previous window' : 'the previous run';
  const words = b.trend === 'stable' ? `steady against ${against}` : `${b.trend} against ${against}`;
  return (
    <span className="inline-flex items-center gap-1 text-sm text-slate-600">
      <Icon className="size-4" aria-hidden="true" />
      {words}
    </span>
  );
}

function BenchmarkRow({ b }: { b: Benchmark }) {
  return (
    <li>
      <Card className="p-4" data-testid="benchmark">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 text-base font-semibold break-words text-slate-900">{b.metric}</h3>
          <Badge tone={STATUS_TONES[b.status]}>{T.status[b.status]}</Badge>
        </div>
        <p className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="benchmark-value">
            {formatValue(b)}
          </span>
          <span className="text-sm text-slate-600">target {formatTarget(b)}</span>
          <Trend b={b} />
        </p>
        <p className="mt-2 text-sm text-slate-600">
          <span className="font-semibold text-slate-700">{b.source === 'live' ? T.live : T.lastBench}:</span> {b.window}
          . Updated {formatDateTime(b.lastUpdated)}.
        </p>
      </Card>
    </li>
  );
}

/** Spec §2.21: the benchmarks by category, one tab each for the first four categories. */
export function BenchmarkTabs() {
  const { data, error, isPending, refetch } = useBenchmarks();
  if (error) return <LoadError className="mt-6" error={error} onRetry={() => refetch()} />;
  if (isPending) return <Skeletons count={3} label="Loading benchmarks" className="mt-6" itemClassName="h-32" />;
  const categories = categoriesOf(data);
  if (categories.length === 0) return <p className="mt-6 text-base text-slate-700">{T.noBenchmarks}</p>;

  return (
    <section aria-labelledby="benchmarks-title" className="mt-6">
      <h2 id="benchmarks-title" className="text-lg font-bold text-slate-900">
        Benchmarks
      </h2>
      <Tabs defaultValue={categories[0]} className="mt-3">
        <TabsList aria-label="Benchmark categories">
          {categories.map((c) => (
            <TabsTrigger key={c} value={c}>
              {c}
            </TabsTrigger>
          ))}
        </TabsList>
        {categories.map((c) => (
          <TabsContent key={c} value={c}>
            <ul className="grid gap-2 lg:grid-cols-2">
              {data
                .filter((b) => b.category === c)
                .map((b) => (
                  <BenchmarkRow key={b.id} b={b} />
                ))}
            </ul>
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
