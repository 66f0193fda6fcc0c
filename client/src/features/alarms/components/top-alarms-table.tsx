import type { PlantAlarmPerformance } from '@common/schemas/alarms';
import { Link } from 'react-router';
import { percent } from '../performance-figures';
import { ALARM_TEXTS } from '../texts';

const T = ALARM_TEXTS.performance;

/**
 * The ten valves that raised most in the week, with their share of the week's alarms: where rationalizing a few
 * alarm points cuts the load most. Four narrow columns, so it fits a 360 px phone as a table.
 */
export function TopAlarmsTable({ plant, top }: { plant: string; top: PlantAlarmPerformance['top'] }) {
  if (top.length === 0) return <p className="text-base text-slate-600">{T.topEmpty}</p>;
  return (
    <table aria-label={T.topOf(plant)} className="w-full border-collapse text-left text-base">
      <thead className="border-b-2 border-slate-300 text-sm text-slate-600">
        <tr>
          <th className="py-2 pr-2">{T.rank}</th>
          <th className="py-2 pr-2">{T.valve}</th>
          <th className="py-2 pr-2 text-right">{T.count}</th>
          <th className="py-2 text-right">{T.share}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {top.map((row, index) => (
          <tr key={row.valveId}>
            <td className="py-1 pr-2 text-slate-500">{index + 1}</td>
            <td className="py-1 pr-2 break-all">
              <Link
                to={`/valves/${row.valveId}`}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {row.valveTag}
              </Link>
            </td>
            <td className="py-1 pr-2 text-right font-bold">{row.count}</td>
            <td className="py-1 text-right whitespace-nowrap">{percent(row.share)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
