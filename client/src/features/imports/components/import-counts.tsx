import type { ImportReport } from '@common/schemas/imports';

const COUNTS: { key: 'rows' | 'create' | 'update' | 'unchanged'; label: string }[] = [
  { key: 'rows', label: 'Rows' },
  { key: 'create', label: 'New' },
  { key: 'update', label: 'Updated' },
  { key: 'unchanged', label: 'Unchanged' },
];

/** The report's figures in tiles a phone shows two by two; refused rows in red when there are any. */
export function ImportCounts({ report }: { report: ImportReport }) {
  const refusedRows = new Set(report.refused.map((r) => r.row)).size;
  const tiles = [
    ...COUNTS.map(({ key, label }) => ({ label, value: report[key], alert: false })),
    { label: 'Refused', value: refusedRows, alert: refusedRows > 0 },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
      {tiles.map(({ label, value, alert }) => (
        <div
          key={label}
          className={
            alert ? 'rounded-lg border border-red-300 bg-red-50 p-3' : 'rounded-lg border border-slate-200 bg-white p-3'
          }
        >
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className={alert ? 'text-2xl font-bold text-red-800' : 'text-2xl font-bold text-slate-900'}>
            {value.toLocaleString('en-US')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
