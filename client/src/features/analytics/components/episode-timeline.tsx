import type { AnomalyEpisode } from '@common/schemas/analytics';
import { EmptyState } from '@/components/empty-state';
import { formatDateTime } from '@/lib/format';
import { ANALYTICS_SCREEN_TEXTS as T } from '../texts';
import { RiskBadge } from './risk-badge';

const C = T.condition;
export const SEVERITY_COLORS: Record<string, string> = {
  low: '#94a3b8',
  medium: '#d97706',
  high: '#ea580c',
  critical: '#dc2626',
};

/**
 * Issue 19: the valve's anomaly episodes on one time line (a bar per episode, coloured by severity, an open one
 * reaching now) and listed with the channels behind each, newest first as an engineer reads them.
 */
export function EpisodeTimeline({ episodes, now }: { episodes: AnomalyEpisode[]; now: number }) {
  if (episodes.length === 0) return <EmptyState>{C.noEpisodes}</EmptyState>;
  const start = Date.parse(episodes[0].start);
  const end = Math.max(now, ...episodes.map((e) => (e.end ? Date.parse(e.end) : now)));
  const span = Math.max(1, end - start);
  const position = (t: number) => `${((t - start) / span) * 100}%`;
  return (
    <div>
      <div
        role="img"
        aria-label={`${episodes.length} anomaly episodes from ${formatDateTime(episodes[0].start)}`}
        className="relative h-8 rounded-lg bg-slate-100"
      >
        {episodes.map((e) => {
          const from = Date.parse(e.start);
          const to = e.end ? Date.parse(e.end) : now;
          return (
            <span
              key={e.start}
              className="absolute top-1 bottom-1 rounded"
              style={{
                left: position(from),
                width: `max(6px, ${((to - from) / span) * 100}%)`,
                background: SEVERITY_COLORS[e.severity],
              }}
            />
          );
        })}
      </div>
      <div className="mt-1 flex justify-between text-xs text-slate-600">
        <span>{formatDateTime(episodes[0].start)}</span>
        <span>{formatDateTime(new Date(end).toISOString())}</span>
      </div>
      <ul aria-label={C.episodes} className="mt-3 grid gap-2">
        {[...episodes].reverse().map((e) => (
          <li key={e.start} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-slate-900">
                {formatDateTime(e.start)} – {e.end ? formatDateTime(e.end) : C.ongoing}
              </span>
              <RiskBadge level={e.severity} />
            </div>
            {e.channels.length ? (
              <p className="mt-1 text-base break-words text-slate-800">
                {e.channels.map((c) => c.text).join(', ')}
                {e.fault ? ` (likely ${C.faults[e.fault] ?? e.fault})` : ''}
              </p>
            ) : null}
            <p className="mt-1 text-sm break-words text-slate-600">{e.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
