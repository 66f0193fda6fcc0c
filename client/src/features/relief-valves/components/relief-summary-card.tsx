import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { useReliefSummary } from '../api/reads';

/** The dashboard's relief valve figures: positions past their test date, and due by the month's end. */
export function ReliefSummaryCard() {
  const { data } = useReliefSummary();
  if (!data?.tags) return null;
  return (
    <Link to="/relief-valves" className="mt-4 block">
      <Card className="flex flex-wrap items-center justify-between gap-2 p-4">
        <span className="text-base font-semibold text-slate-900">Relief valve tests</span>
        <span className="text-base">
          <strong className={data.overdue ? 'text-red-700' : 'text-slate-900'}>{data.overdue} overdue</strong>
          {' · '}
          {data.dueThisMonth} due this month
        </span>
      </Card>
    </Link>
  );
}
