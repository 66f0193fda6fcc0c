import type { CostSplit } from '@common/schemas/costs';
import { formatMoney } from '@/lib/format';
import { COST_TEXTS as T } from '../texts';

/** Parts, labor, contractors and the total, as four figures a phone shows in two rows. */
export function CostFigures({ cost, currency, label }: { cost: CostSplit; currency: string; label: string }) {
  const figures = [
    [T.parts, cost.parts],
    [T.labor, cost.labor],
    [T.contractor, cost.contractor],
    [T.total, cost.total],
  ] as const;
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {figures.map(([name, amount]) => (
        <div
          key={name}
          className={`rounded-lg p-3 ${name === T.total ? 'bg-slate-900 text-white' : 'bg-slate-50 text-slate-900'}`}
        >
          <dt className={`text-sm ${name === T.total ? 'text-slate-200' : 'text-slate-600'}`}>{name}</dt>
          <dd className="text-lg font-bold">{formatMoney(amount, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}
