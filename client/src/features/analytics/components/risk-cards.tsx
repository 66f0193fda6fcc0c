import type { DashboardSummary } from '@common/schemas/analytics';
import { TEXTS } from '@common/texts';
import { cn } from '@/lib/cn';
import { formatCount } from '../analytics-format';

const R = TEXTS.analytics.risk;

const CARDS = [
  { key: 'healthyValves', text: R.healthy, classes: 'border-green-300 bg-green-50 text-green-900' },
  { key: 'atRiskValves', text: R.atRisk, classes: 'border-amber-300 bg-amber-50 text-amber-900' },
  { key: 'criticalValves', text: R.critical, classes: 'border-red-300 bg-red-50 text-red-900' },
] as const;

/** Spec §2.12's three risk cards: valves at low, medium, and high or critical risk. */
export function RiskCards({ summary }: { summary: DashboardSummary }) {
  return (
    <ul aria-label="Valves by risk" className="mt-2 grid grid-cols-3 gap-2 sm:mt-3 sm:gap-3">
      {CARDS.map(({ key, text, classes }) => (
        <li key={key} className={cn('rounded-xl border p-3 sm:p-4', classes)}>
          <p className="text-2xl font-bold tabular-nums sm:text-3xl">{formatCount(summary[key])}</p>
          <p className="text-sm font-semibold">{text.title}</p>
          <p className="text-sm">{text.note}</p>
        </li>
      ))}
    </ul>
  );
}
