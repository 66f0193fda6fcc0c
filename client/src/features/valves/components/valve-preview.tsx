import { DISPLAY_LIMITS } from '@common/constants';
import { TEXTS } from '@common/texts';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Section } from '@/components/section';
import { Skeletons } from '@/components/ui/skeleton';
import { ViewAllLink } from '@/components/view-all-link';
import { useValvePreview } from '../api/get-valves';
import { ValveCard } from './valve-card';

export function ValvePreview() {
  const { data, error, isPending, refetch } = useValvePreview(DISPLAY_LIMITS.dashboardValves);
  return (
    <Section id="valves" title={TEXTS.dashboard.valveSection} action={<ViewAllLink to="/valves" />}>
      {error ? (
        <LoadError error={error} onRetry={() => refetch()} />
      ) : isPending ? (
        <Skeletons
          count={DISPLAY_LIMITS.valveRowPlaceholders}
          label="Loading valves"
          className="md:grid-cols-3"
          itemClassName="h-32"
        />
      ) : data.items.length === 0 ? (
        <EmptyState>{TEXTS.valves.empty}</EmptyState>
      ) : (
        <ul className="grid gap-2 md:grid-cols-3">
          {data.items.map((valve) => (
            <li key={valve.id}>
              <ValveCard valve={valve} className="h-full" />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
