import type { ValveReliability } from '@common/schemas/reliability';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '@/lib/format';
import { formatHours, RELIABILITY_TEXTS } from '../texts';

const T = RELIABILITY_TEXTS.report;

/** Hours, or the words for a figure a valve with no failure cannot have. */
export const hoursOr = (hours: number | null) => (hours === null ? T.noFailureInPeriod : formatHours(hours));

const topMode = (valve: ValveReliability) =>
  valve.topMode ? RELIABILITY_TEXTS.codeLabel(valve.topMode, valve.topModeLabel ?? valve.topMode) : '–';

/**
 * The ranked bad actors: a table on a desk's screen; on a phone one card per valve, every figure labelled, so
 * nothing scrolls sideways. The tag opens the valve.
 */
export function BadActorTable({ valves }: { valves: ValveReliability[] }) {
  return (
    <>
      <ol aria-label={T.badActors} className="grid gap-2 md:hidden">
        {valves.map((valve, index) => (
          <li key={valve.valveId} className="rounded-xl border border-slate-200 bg-white p-3">
            <p className="flex items-baseline justify-between gap-2">
              <span className="text-lg font-bold text-slate-900">
                <span className="text-slate-500">{index + 1}. </span>
                <ValveLink valve={valve} />
              </span>
              <span className="text-base font-bold whitespace-nowrap text-slate-900">
                {T.failuresCount(valve.failures)}
              </span>
            </p>
            <p className="text-sm text-slate-600">
              {valve.valve.type} · {valve.valve.plant}
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-base">
              <Figure label={T.mtbf}>{hoursOr(valve.mtbfHours)}</Figure>
              <Figure label={T.mttr}>{hoursOr(valve.mttrHours)}</Figure>
              <Figure label={T.downtime}>{formatHours(valve.downtimeHours)}</Figure>
              <Figure label={T.cost}>{formatMoney(valve.cost, valve.currency)}</Figure>
              <Figure label={T.lastFailure}>{formatDate(valve.lastFailureAt)}</Figure>
              <Figure label={T.topMode}>{topMode(valve)}</Figure>
            </dl>
          </li>
        ))}
      </ol>
      <table aria-label={T.badActors} className="hidden w-full border-collapse text-left text-base md:table">
        <thead className="border-b-2 border-slate-300 text-sm whitespace-nowrap text-slate-600">
          <tr>
            <th className="py-2 pr-3">#</th>
            <th className="py-2 pr-3">{T.valve}</th>
            {[T.failures, T.mtbf, T.mttr, T.downtime, T.cost].map((head) => (
              <th key={head} className="py-2 pr-3 text-right">
                {head}
              </th>
            ))}
            <th className="py-2 pr-3">{T.lastFailure}</th>
            <th className="py-2">{T.topMode}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {valves.map((valve, index) => (
            <tr key={valve.valveId}>
              <td className="py-2 pr-3 text-slate-500">{index + 1}</td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <ValveLink valve={valve} />
                <span className="block text-sm text-slate-600">{valve.valve.plant}</span>
              </td>
              <td className="py-2 pr-3 text-right font-bold">{valve.failures}</td>
              <td className="py-2 pr-3 text-right">{hoursOr(valve.mtbfHours)}</td>
              <td className="py-2 pr-3 text-right">{hoursOr(valve.mttrHours)}</td>
              <td className="py-2 pr-3 text-right">{formatHours(valve.downtimeHours)}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap">{formatMoney(valve.cost, valve.currency)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{formatDate(valve.lastFailureAt)}</td>
              <td className="py-2">{topMode(valve)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function ValveLink({ valve }: { valve: ValveReliability }) {
  return (
    <Link to={`/valves/${valve.valveId}`} className="font-semibold text-brand-700 underline">
      {valve.valve.valveId}
    </Link>
  );
}

function Figure({ label, children }: { label: string; children: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}
