import type { PlantAlarmPerformance } from '@common/schemas/alarms';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import {
  countStanding,
  floodStanding,
  peakStanding,
  percent,
  rate,
  rateStanding,
  STANDING_TONES,
  type Standing,
} from '../performance-figures';
import { ALARM_TEXTS } from '../texts';
import { PriorityShares } from './priority-shares';
import { TopAlarmsTable } from './top-alarms-table';

const T = ALARM_TEXTS.performance;

/** One figure: its name, the value large, and where it stands against its target in colour and in words. */
function Figure({
  label,
  value,
  standing,
  target,
  detail,
}: {
  label: string;
  value: ReactNode;
  standing?: { level: Standing; words: string };
  target?: string;
  detail?: string;
}) {
  return (
    <div className="grid content-start gap-1 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900">{value}</dd>
      {standing ? (
        <dd>
          <Badge tone={STANDING_TONES[standing.level]} className="rounded-lg whitespace-normal">
            {standing.words}
          </Badge>
        </dd>
      ) : null}
      {target || detail ? (
        <dd className="text-sm text-slate-600">{[detail, target].filter(Boolean).join(' · ')}</dd>
      ) : null}
    </div>
  );
}

const standingOf = (level: Standing) => ({ level, words: T.standing[level] });

/**
 * A plant's week against ISA-18.2's clause 16 metrics (one plant is one operator position): the load, floods,
 * nuisance alarms, how the priorities are spread, how soon alarms are acknowledged, and the ten most frequent.
 */
export function PlantPerformanceCard({ plant }: { plant: PlantAlarmPerformance }) {
  const headingId = `alarm-performance-${plant.plant.replace(/\W+/g, '-')}`;
  const per10 = rateStanding(plant.per10Minutes);
  return (
    <Card className="grid gap-4 p-4">
      <section aria-labelledby={headingId} className="grid gap-4">
        <div>
          <h2 id={headingId} className="text-xl font-bold text-slate-900">
            {plant.plant}
          </h2>
          <p className="text-sm text-slate-600">
            {T.period(formatDateTime(plant.from), formatDateTime(plant.to))} · {T.timeZone(plant.timeZone)}
          </p>
        </div>
        <dl aria-label={T.figures(plant.plant)} className="grid grid-cols-2 gap-2 lg:grid-cols-5">
          <Figure label={T.alarms} value={plant.alarms} />
          <Figure
            label={T.per10Minutes}
            value={rate(plant.per10Minutes)}
            standing={{ level: per10, words: T.rate[per10] }}
            target={T.per10Target}
          />
          <Figure
            label={T.peak10Minutes}
            value={plant.peak10Minutes}
            standing={standingOf(peakStanding(plant.peak10Minutes))}
            target={T.peakTarget}
          />
          <Figure
            label={T.floodShare}
            value={percent(plant.floodShare)}
            standing={standingOf(floodStanding(plant.floodShare))}
            detail={T.floodPeriods(plant.floodPeriods)}
            target={T.floodTarget}
          />
          <Figure
            label={T.chattering}
            value={plant.chattering}
            standing={standingOf(countStanding(plant.chattering))}
            target={T.zeroTarget}
          />
          <Figure
            label={T.stale}
            value={plant.stale}
            standing={standingOf(countStanding(plant.stale))}
            target={T.zeroTarget}
          />
          <Figure label={T.shelved} value={plant.shelved} />
          <Figure label={T.suppressed} value={plant.suppressed} />
          <Figure label={T.acknowledged} value={plant.acknowledged} />
          <Figure
            label={T.medianToAcknowledge}
            value={
              plant.medianMinutesToAcknowledge === null ? T.none : T.minutes(rate(plant.medianMinutesToAcknowledge))
            }
          />
        </dl>
        <div className="grid gap-4 lg:grid-cols-2">
          <div>
            <h3 className="mb-2 text-base font-bold text-slate-900">{T.byPriority}</h3>
            <PriorityShares byPriority={plant.byPriority} plant={plant.plant} />
          </div>
          <div>
            <h3 className="mb-1 text-base font-bold text-slate-900">{T.top}</h3>
            <TopAlarmsTable plant={plant.plant} top={plant.top} />
          </div>
        </div>
      </section>
    </Card>
  );
}
