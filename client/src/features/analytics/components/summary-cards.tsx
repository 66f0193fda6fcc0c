import type { DashboardSummary } from '@common/schemas/analytics';
import { TEXTS } from '@common/texts';
import { AlertTriangle, DollarSign, Gauge, HeartPulse, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { formatCount, formatDollars, scorePercent } from '../analytics-format';

const S = TEXTS.analytics.summary;

function SummaryCard({
  icon: Icon,
  accent,
  value,
  label,
  note,
  children,
}: {
  icon: LucideIcon;
  accent: string;
  value: string;
  label: string;
  note?: string;
  children?: ReactNode;
}) {
  return (
    <li>
      <Card className="flex h-full flex-col justify-between gap-2 p-4">
        <Icon className={`size-6 ${accent}`} aria-hidden="true" />
        <div>
          <p className="text-2xl font-bold break-all text-slate-900 tabular-nums sm:text-3xl">{value}</p>
          <p className="text-sm font-medium text-slate-700">{label}</p>
          {note ? <p className="text-sm text-slate-600">{note}</p> : null}
          {children}
        </div>
      </Card>
    </li>
  );
}

/** Spec §2.12's four summary cards. */
export function SummaryCards({ summary }: { summary: DashboardSummary }) {
  const health = Math.max(0, Math.min(100, Math.round(summary.averageHealthScore)));
  return (
    <ul aria-label="Plant summary" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      <SummaryCard
        icon={Gauge}
        accent="text-brand-700"
        value={formatCount(summary.totalValves)}
        label={S.totalValves}
      />
      <SummaryCard
        icon={HeartPulse}
        accent="text-green-700"
        value={scorePercent(summary.averageHealthScore)}
        label={S.healthScore}
      >
        <div
          role="progressbar"
          aria-label={S.healthScore}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={health}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-green-600" style={{ width: `${health}%` }} />
        </div>
      </SummaryCard>
      <SummaryCard
        icon={AlertTriangle}
        accent="text-red-700"
        value={formatCount(summary.predictedFailures)}
        label={S.predictedFailures}
        note={S.predictedFailuresNote}
      />
      <SummaryCard
        icon={DollarSign}
        accent="text-green-700"
        value={formatDollars(summary.costSavings)}
        label={S.costSavings}
        note={S.costSavingsNote}
      />
    </ul>
  );
}
