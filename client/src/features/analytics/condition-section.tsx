import { useCan } from '@/lib/session/use-can';
import { useReferencePeriod, useValveAnomalies, useValveChannels } from './api/get-valve-condition';
import { useMarkReferencePeriod } from './api/put-reference-period';
import { bandsOf, ChannelCharts } from './components/channel-charts';
import { EpisodeTimeline } from './components/episode-timeline';
import { ReferencePeriodForm } from './components/reference-period-form';
import { ANALYTICS_SCREEN_TEXTS as T } from './texts';

const C = T.condition;

/**
 * Issue 19 on the valve's analytics: the episode timeline, the channels with episodes and the reference period
 * shaded, and the reference period an engineer marks.
 */
export function ConditionSection({ valveId }: { valveId: number }) {
  const anomalies = useValveAnomalies(valveId);
  const channels = useValveChannels(valveId);
  const reference = useReferencePeriod(valveId);
  const mark = useMarkReferencePeriod(valveId);
  const canMark = useCan('analytics:run');
  const now = Date.now();
  const episodes = anomalies.data ?? [];
  const withPoints = (channels.data?.channels ?? []).filter((c) => c.points.length > 0);
  return (
    <section aria-labelledby="condition-title" className="mt-8 grid gap-4">
      <h2 id="condition-title" className="text-xl font-bold text-slate-900">
        {C.title}
      </h2>
      <div>
        <h3 className="mb-2 text-base font-semibold text-slate-900">{C.episodes}</h3>
        {anomalies.data ? <EpisodeTimeline episodes={episodes} now={now} /> : null}
      </div>
      <div>
        <h3 className="mb-2 text-base font-semibold text-slate-900">{C.channels}</h3>
        {withPoints.length ? (
          <ChannelCharts channels={withPoints} bandsFor={(shown) => bandsOf(episodes, reference.data, shown, now)} />
        ) : channels.data ? (
          <p className="text-base text-slate-700">{C.noChannels}</p>
        ) : null}
      </div>
      {reference.data ? (
        <ReferencePeriodForm
          key={`${reference.data.from}-${reference.data.to}`}
          period={reference.data}
          canMark={canMark}
          saving={mark.isPending}
          onMark={(body) => mark.mutateAsync(body)}
        />
      ) : null}
    </section>
  );
}
