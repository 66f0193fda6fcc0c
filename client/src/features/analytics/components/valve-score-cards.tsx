import type { PredictiveAnalytics } from '@common/schemas/analytics';
import { riskLevelTone } from '@common/status-styles';
import { TEXTS } from '@common/texts';
import { TONE_CLASSES } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { scorePercent, sharePercent } from '../analytics-format';

const C = TEXTS.analytics.valve.cards;
const NA = TEXTS.analytics.valve.notAvailable;

function ScoreCard({
  label,
  value,
  note,
  valueClass,
}: {
  label: string;
  value: string;
  note?: string;
  valueClass?: string;
}) {
  return (
    <li>
      <Card className="h-full p-4">
        <p className="text-sm font-medium text-slate-700">{label}</p>
        <p className={cn('mt-1 text-2xl font-bold text-slate-900 tabular-nums sm:text-3xl', valueClass)}>{value}</p>
        {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      </Card>
    </li>
  );
}

/** Spec §2.13's four cards; N/A where the valve has not been analysed. */
export function ValveScoreCards({ predictive }: { predictive: PredictiveAnalytics | null }) {
  const risk = predictive?.riskLevel;
  return (
    <ul aria-label="Valve scores" className="mt-4 grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      <ScoreCard label={C.healthScore} value={predictive ? scorePercent(predictive.healthScore) : NA} />
      <ScoreCard
        label={C.riskLevel}
        value={risk ? risk.toUpperCase() : NA}
        valueClass={
          risk ? cn('inline-block rounded-lg px-2 ring-1 ring-inset', TONE_CLASSES[riskLevelTone(risk)]) : undefined
        }
      />
      <ScoreCard
        label={C.failureProbability}
        value={predictive ? sharePercent(predictive.failureProbability, 1) : NA}
        note={C.failureProbabilityNote}
      />
      <ScoreCard label={C.confidence} value={predictive ? sharePercent(predictive.confidenceLevel) : NA} />
    </ul>
  );
}
