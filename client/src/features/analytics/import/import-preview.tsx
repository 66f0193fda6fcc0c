import { unitLabel } from '@common/quantities';
import { STORED_UNITS } from '@common/units';
import { formatDateTime } from '@/lib/format';
import type { ParsedReading, RowProblem } from './csv-mapping';
import { groupProblems } from './csv-mapping';
import { IMPORT_TEXTS as T } from './texts';

const PREVIEW_READINGS = 9;
const PROBLEM_GROUPS_SHOWN = 8;

/** Problems grouped by kind, with the rows they were seen in: what will not be imported, and why. */
export function ProblemList({ problems, title }: { problems: RowProblem[]; title: string }) {
  if (problems.length === 0) return null;
  const groups = groupProblems(problems);
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-1 grid gap-1 text-sm">
        {groups.slice(0, PROBLEM_GROUPS_SHOWN).map((group) => (
          <li key={group.example} className="break-words">
            <span className="font-semibold">{T.rowsLabel(group.rows)}</span>: {group.example}
            {group.rows.length > 1 ? ' (and the like)' : ''}
          </li>
        ))}
        {groups.length > PROBLEM_GROUPS_SHOWN ? <li>…</li> : null}
      </ul>
    </div>
  );
}

/** The first readings as they will be stored, so a wrong unit or column shows before anything is written. */
export function ReadingsPreview({ readings }: { readings: ParsedReading[] }) {
  if (readings.length === 0) return null;
  const C = T.columns;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="px-3 pt-2 text-left font-semibold text-slate-900">{T.previewCaption}</caption>
        <thead className="text-slate-600">
          <tr>
            <th className="px-3 py-2 font-medium">{C.row}</th>
            <th className="px-3 py-2 font-medium">
              {C.valve} · {C.time}
            </th>
            <th className="px-3 py-2 text-right font-medium">
              {C.sensor} · {C.value}
            </th>
          </tr>
        </thead>
        <tbody>
          {readings.slice(0, PREVIEW_READINGS).map((r) => (
            <tr key={`${r.row}-${r.sensorType ?? r.channel}`} className="border-t border-slate-100 align-top">
              <td className="px-3 py-2 tabular-nums">{r.row}</td>
              <td className="px-3 py-2">
                <span className="block font-semibold whitespace-nowrap">{r.valveTag}</span>
                <span className="block text-slate-600">{formatDateTime(r.timestamp)}</span>
              </td>
              <td className="px-3 py-2 text-right">
                <span className="block">{r.sensorType ?? r.channel}</span>
                <span className="block font-semibold whitespace-nowrap tabular-nums">
                  {r.value.toFixed(2)} {r.sensorType ? STORED_UNITS[r.sensorType] : unitLabel(r.unit)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
