import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { useReliefTags } from '../api/reads';

/** On a valve's detail: the relief valve position it is, the serial-numbered valve installed there and when it is due. */
export function ReliefValvePanel({ valveId }: { valveId: number }) {
  const { data: tags } = useReliefTags({ valveId });
  if (!tags?.length) return null;
  return (
    <section aria-label="Relief valve position" className="mt-4 grid gap-2">
      {tags.map((tag) => (
        <Card key={tag.id} className="grid gap-1 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <Link to={`/relief-valves/tags/${tag.id}`} className="text-lg font-bold text-brand-700 underline">
              {tag.tag}
            </Link>
            <span className="text-slate-700">set {tag.setPressure} psi</span>
            {tag.overdue ? <Badge tone="danger">Overdue</Badge> : null}
          </div>
          <p className="text-slate-700">
            Installed:{' '}
            {tag.installed
              ? `S/N ${tag.installed.serialNumber} (${tag.installed.manufacturer} ${tag.installed.model}) since ${formatDate(tag.installed.installedOn)}`
              : 'none'}
          </p>
          <p className="text-slate-700">
            Next test due {formatDate(tag.nextDueOn, 'not set')} · every {tag.currentIntervalMonths} months (
            {tag.intervalReason})
          </p>
        </Card>
      ))}
    </section>
  );
}
