import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeletons } from '@/components/ui/skeleton';
import { useAddressChoices } from '@/lib/address-choices';
import { cn } from '@/lib/cn';
import { nameFromUrl } from '@/lib/plants';
import { alarmListPath, useAlarms } from './api/alarms';
import { AlarmCard } from './components/alarm-card';
import { AlarmListControls, AlarmScreenLinks } from './components/alarm-list-controls';
import { AlarmCounts, AlarmFreshness } from './components/alarm-summary';
import { ALARM_TEXTS } from './texts';

const T = ALARM_TEXTS.list;

/**
 * The wall screen: the list over the whole screen (above the app's header and navigation, under its dialogs and
 * toasts), in larger type and as many columns as fit, for a control room's wall or a desk's second monitor.
 */
function WallScreen({ children }: { children: ReactNode }) {
  return (
    <div data-testid="alarm-wall" className="fixed inset-0 z-[45] overflow-y-auto bg-slate-100 p-4 lg:p-6">
      {children}
    </div>
  );
}

/**
 * On a desk's wide monitor (≥ 1280 px) the list takes the screen's width rather than the app's column, so three
 * or four alarms sit side by side; below that it stays in the column like every screen.
 */
const WIDE = 'xl:mx-[calc((100%_-_min(100vw_-_4rem,120rem))/2)]';

/**
 * /alarms (issue 35): the control room's alarm list, ISA-18.2's life cycle in a card per alarm, in the server's
 * order (unacknowledged first, then by priority, then time), loaded again every 15 seconds. For the operator at a
 * desk or a wall (?wall=1) and the technician on a phone. Every role reads it; the buttons follow permissions.
 */
export function AlarmsScreen() {
  const { params, choose } = useAddressChoices();
  const view = params.get('view') === 'all' ? 'all' : 'open';
  const plant = nameFromUrl(params.get('plant')) || undefined;
  const wall = params.get('wall') === '1';
  const alarms = useAlarms({ view, plant });
  const data = alarms.data;

  const list = data ? (
    data.items.length === 0 ? (
      <EmptyState>{view === 'open' ? T.empty : T.emptyAll}</EmptyState>
    ) : (
      <ul
        aria-label={T.label}
        className={cn(
          'grid gap-3',
          wall
            ? 'grid-cols-[repeat(auto-fill,minmax(min(100%,28rem),1fr))] gap-4'
            : 'md:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4',
        )}
      >
        {data.items.map((alarm) => (
          <li key={alarm.id}>
            <AlarmCard alarm={alarm} wall={wall} />
          </li>
        ))}
      </ul>
    )
  ) : alarms.error ? (
    <LoadError error={alarms.error} onRetry={() => alarms.refetch()} />
  ) : (
    <Skeletons count={3} label={T.loading} className="gap-3 md:grid-cols-2" itemClassName="h-56" />
  );

  const summary = data ? (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <AlarmCounts counts={data.counts} large={wall} />
      <AlarmFreshness path={alarmListPath({ view, plant })} updatedAt={alarms.dataUpdatedAt} large={wall} />
    </div>
  ) : null;

  const header = (
    <PageHeader
      title={<span className={cn(wall && 'text-4xl')}>{wall && plant ? T.wallTitle(plant) : T.title}</span>}
      action={<AlarmScreenLinks wall={wall} onWall={(next) => choose('wall', next ? '1' : '')} />}
    />
  );

  const controls = (
    <AlarmListControls
      view={view}
      plant={plant}
      onView={(next) => choose('view', next === 'all' ? 'all' : '')}
      onPlant={(next) => choose('plant', next)}
    />
  );

  if (wall) {
    return (
      <WallScreen>
        <title>{`${T.title} · ValveOps`}</title>
        {header}
        <div className="grid gap-4">
          {summary}
          {list}
        </div>
      </WallScreen>
    );
  }

  return (
    <div className={WIDE}>
      <title>{`${T.title} · ValveOps`}</title>
      {header}
      {/* On a phone the alarms come first; the desk's screen has room to say how the list is ordered. */}
      <p className="-mt-2 mb-4 hidden text-base text-slate-700 sm:block">{T.intro}</p>
      <div className="grid gap-4">
        {controls}
        {summary}
        {list}
      </div>
    </div>
  );
}
