import { ArrowLeft, Download } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Skeletons } from '@/components/ui/skeleton';
import { useAddressChoices } from '@/lib/address-choices';
import { formatDate, localDay } from '@/lib/format';
import { filterPlantNames, nameFromUrl, usePlants } from '@/lib/plants';
import { useSession } from '@/lib/session/session-query';
import { alarmPerformanceCsvPath, useAlarmPerformance } from './api/alarm-performance';
import { PlantPerformanceCard } from './components/plant-performance-card';
import { WeekPicker } from './components/week-picker';
import { nextWeekHasBegun, shiftWeek, weekFromUrl } from './performance-figures';
import { ALARM_TEXTS } from './texts';

const T = ALARM_TEXTS.performance;

/**
 * /alarms/performance (issue 35): a week of each plant's alarms against ISA-18.2's clause 16 metrics, a week at a
 * time (the last full week unless the address names one), with the figures as CSV. Every role may read it.
 */
export function AlarmPerformanceScreen() {
  const { params, choose } = useAddressChoices();
  const week = weekFromUrl(params.get('week'));
  const plant = nameFromUrl(params.get('plant')) || undefined;
  const performance = useAlarmPerformance({ week, plant });
  const plants = filterPlantNames(usePlants().data, useSession().data?.plants ?? [], plant);
  // The week shown is the one the server measured: with none asked for, the last full week it chose.
  const monday = performance.data?.week ?? week;

  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      <PageHeader
        title={T.title}
        action={
          <Link to="/alarms" className={buttonClasses('outline', 'sm')}>
            <ArrowLeft className="size-5 shrink-0" aria-hidden="true" />
            {T.back}
          </Link>
        }
      />
      <p className="-mt-2 mb-4 text-base text-slate-700">{T.intro}</p>
      <div className="mb-4 grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-base font-semibold text-slate-900">{T.week}</legend>
          {monday ? (
            <WeekPicker
              monday={monday}
              canGoForward={nextWeekHasBegun(monday, localDay())}
              onWeek={(step) => choose('week', shiftWeek(monday, step))}
            />
          ) : (
            <div className="h-11" />
          )}
        </fieldset>
        <Field label={T.plant}>
          {(control) => (
            <Select {...control} value={plant ?? ''} onChange={(event) => choose('plant', event.target.value)}>
              <option value="">{T.allPlants}</option>
              {plants.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </Select>
          )}
        </Field>
        {monday ? (
          <a
            href={alarmPerformanceCsvPath({ week: monday, plant })}
            download
            aria-label={T.downloadLabel(formatDate(monday))}
            className={buttonClasses('outline', 'md')}
          >
            <Download className="size-5 shrink-0" aria-hidden="true" />
            {T.download}
          </a>
        ) : null}
      </div>
      {performance.isPending ? (
        <Skeletons count={2} label={T.loading} className="gap-4" itemClassName="h-96" />
      ) : performance.isError ? (
        <LoadError error={performance.error} onRetry={() => performance.refetch()} />
      ) : performance.data.plants.length === 0 ? (
        <EmptyState>{T.empty}</EmptyState>
      ) : (
        <div className="grid gap-4">
          {performance.data.plants.map((figures) => (
            <PlantPerformanceCard key={figures.plant} plant={figures} />
          ))}
        </div>
      )}
    </>
  );
}
