import { ChartColumn, Maximize2, Minimize2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { filterPlantNames, usePlants } from '@/lib/plants';
import { useSession } from '@/lib/session/session-query';
import type { AlarmView } from '../api/alarms';
import { ALARM_TEXTS } from '../texts';

const T = ALARM_TEXTS.list;

const VIEWS: AlarmView[] = ['open', 'all'];

/** The way to the week's figures, and in and out of the wall screen: beside the title. */
export function AlarmScreenLinks({ wall, onWall }: { wall: boolean; onWall: (wall: boolean) => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      {wall ? null : (
        <Link to="/alarms/performance" className={buttonClasses('outline', 'sm')}>
          <ChartColumn className="size-5 shrink-0" aria-hidden="true" />
          {T.performance}
        </Link>
      )}
      {/* A wall screen is a large display: a phone has no use for it, and the title's row no room. */}
      <Button
        variant={wall ? 'secondary' : 'outline'}
        size={wall ? 'md' : 'sm'}
        className={cn(!wall && 'hidden lg:inline-flex')}
        onClick={() => onWall(!wall)}
      >
        {wall ? (
          <Minimize2 className="size-5 shrink-0" aria-hidden="true" />
        ) : (
          <Maximize2 className="size-5 shrink-0" aria-hidden="true" />
        )}
        {wall ? T.leaveWall : T.wall}
      </Button>
    </div>
  );
}

/** Open alarms or the latest of all, and which plant: kept in the address, so a wall screen's link keeps them. */
export function AlarmListControls({
  view,
  plant,
  onView,
  onPlant,
}: {
  view: AlarmView;
  plant?: string;
  onView: (view: AlarmView) => void;
  onPlant: (plant: string) => void;
}) {
  const plants = filterPlantNames(usePlants().data, useSession().data?.plants ?? [], plant);
  return (
    <div className="grid grid-cols-2 items-center gap-2 sm:gap-3 lg:grid-cols-[minmax(0,24rem)_minmax(0,18rem)] lg:justify-between">
      <Tabs value={view} onValueChange={(next) => onView(next === 'all' ? 'all' : 'open')}>
        <TabsList aria-label={T.viewLabel} className="grid grid-cols-2">
          {VIEWS.map((name) => (
            <TabsTrigger key={name} value={name} className="px-1">
              {T.views[name]}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      {/* Its first choice, "All plants", says what it is: no label above it to push the alarms down a phone. */}
      <Select aria-label={T.plant} value={plant ?? ''} onChange={(event) => onPlant(event.target.value)}>
        <option value="">{T.allPlants}</option>
        {plants.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </Select>
    </div>
  );
}
