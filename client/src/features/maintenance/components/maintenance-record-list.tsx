import type { MaintenanceRecord } from '@common/schemas/maintenance-records';
import { TEXTS } from '@common/texts';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';

function Labelled({ label, text }: { label: string; text: string | null }) {
  if (!text) return null;
  return (
    <div className="mt-2">
      <p className="text-sm font-semibold text-slate-600">{label}</p>
      <p className="text-base break-words whitespace-pre-line text-slate-800">{text}</p>
    </div>
  );
}

/** Maintenance history, newest first as the server sends it: what was done, found and fixed. */
export function MaintenanceRecordList({ records }: { records: MaintenanceRecord[] }) {
  if (records.length === 0) return <EmptyState>{TEXTS.valves.noRecords}</EmptyState>;
  return (
    <ul aria-label="Maintenance records" className="grid gap-2">
      {records.map((record) => (
        <li key={record.id}>
          <Card className="p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge tone="primary" className="capitalize">
                {record.type}
              </Badge>
              <span className="text-sm text-slate-600">
                {formatDateTime(record.createdAt)}
                {record.performedByUser ? ` · ${record.performedByUser.name}` : ''}
              </span>
            </div>
            <p className="mt-2 text-base break-words text-slate-900">{record.description}</p>
            <Labelled label="Findings" text={record.findings} />
            <Labelled label="Actions performed" text={record.actionsPerformed} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
