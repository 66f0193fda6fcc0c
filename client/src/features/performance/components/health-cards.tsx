import { PERFORMANCE_WINDOW, TARGETS } from '@common/constants';
import type { BenchmarkStatus, SystemHealth } from '@common/schemas/performance';
import { TEXTS } from '@common/texts';
import { Activity, AlertOctagon, Clock, Gauge, HeartPulse, type LucideIcon } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { useSystemHealth } from '../api/get-system-health';
import { formatMs, formatPercent, formatUptime, STATUS_TONES } from '../format';

const T = TEXTS.performance;

type CardData = {
  key: keyof typeof T.health;
  icon: LucideIcon;
  value: string;
  detail: string;
  status: BenchmarkStatus | null;
};

function cardsOf(h: SystemHealth): CardData[] {
  return [
    {
      key: 'overall',
      icon: HeartPulse,
      value: T.status[h.overall],
      detail: h.databaseMs === null ? 'The database does not answer' : `Database answers in ${formatMs(h.databaseMs)}`,
      status: h.overall,
    },
    {
      key: 'uptime',
      icon: Clock,
      value: formatUptime(h.uptime),
      detail: 'Since the server process started',
      status: null,
    },
    {
      key: 'responseTime',
      icon: Gauge,
      value: h.responseTime === null ? '—' : formatMs(h.responseTime),
      detail: h.responseTime === null ? T.noTraffic : `Target < ${TARGETS.responseTimeMs} ms`,
      status: h.statuses.responseTime,
    },
    {
      key: 'errorRate',
      icon: AlertOctagon,
      value: h.errorRate === null ? '—' : formatPercent(h.errorRate),
      detail: h.errorRate === null ? T.noTraffic : `Server errors (5xx), target < ${TARGETS.errorRatePercent}%`,
      status: h.statuses.errorRate,
    },
    {
      key: 'throughput',
      icon: Activity,
      value: `${h.throughput.toLocaleString('en-US', { maximumFractionDigits: 1 })} req/min`,
      detail: `${h.window.requests.toLocaleString('en-US')} requests in the window`,
      status: null,
    },
  ];
}

/** Says over what the figures were measured: nothing on this screen stands without its window. */
function windowNote(h: SystemHealth): string {
  const full = PERFORMANCE_WINDOW.windowMs / 1000;
  const span =
    h.window.seconds < full
      ? `the ${formatUptime(h.window.seconds)} since the server started`
      : `the last ${full / 60} minutes`;
  const at = new Date(h.measuredAt).toLocaleTimeString('en-GB');
  return `Live: measured over ${span} (probes and metric scrapes left out). Updated ${at}; refreshes every ${PERFORMANCE_WINDOW.refreshMs / 1000} s.`;
}

/** Spec §2.21: the five system health cards. */
export function HealthCards() {
  const { data, error, isPending, refetch } = useSystemHealth();
  if (error) return <LoadError className="mt-4" error={error} onRetry={() => refetch()} />;
  const grid = 'mt-4 grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-5';
  if (isPending) return <Skeletons count={5} label="Loading system health" className={grid} itemClassName="h-32" />;

  return (
    <section aria-labelledby="health-title">
      <h2 id="health-title" className="sr-only">
        System health
      </h2>
      <ul className={`grid ${grid}`}>
        {cardsOf(data).map(({ key, icon: Icon, value, detail, status }) => (
          <li key={key} className={key === 'overall' ? 'col-span-2 min-w-0 lg:col-span-1' : 'min-w-0'}>
            <Card className="flex h-full flex-col gap-2 p-4" data-testid={`health-${key}`}>
              <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                <p className="flex min-w-0 items-center gap-1.5 text-sm font-medium text-slate-600">
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {T.health[key]}
                </p>
                {status && key !== 'overall' ? <Badge tone={STATUS_TONES[status]}>{T.status[status]}</Badge> : null}
              </div>
              <p
                data-testid={`health-${key}-value`}
                className={`text-2xl font-bold tabular-nums ${key === 'overall' && status ? STATUS_TEXT[status] : 'text-slate-900'}`}
              >
                {value}
              </p>
              <p className="text-sm text-slate-600">{detail}</p>
            </Card>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-600" data-testid="health-window">
        {windowNote(data)}
      </p>
    </section>
  );
}

const STATUS_TEXT: Record<BenchmarkStatus, string> = {
  excellent: 'text-green-800',
  good: 'text-sky-900',
  warning: 'text-amber-900',
  critical: 'text-red-800',
};
