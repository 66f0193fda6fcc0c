import type { BillingCycle } from '@common/billing';
import { PRICING } from '@common/billing';
import { TEXTS } from '@common/texts';
import { cn } from '@/lib/cn';
import { BILLING_TEXTS } from '../texts';

/** Monthly or annual, with the 'Save 17%' badge on annual (spec §2.14). */
export function BillingCycleToggle({
  value,
  onChange,
}: {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
}) {
  const option = (cycle: BillingCycle, label: string) => (
    <button
      type="button"
      aria-pressed={value === cycle}
      onClick={() => onChange(cycle)}
      className={cn(
        'flex min-h-11 items-center justify-center gap-2 rounded-md px-3 text-base font-semibold whitespace-nowrap transition-colors sm:px-4',
        value === cycle ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
      )}
    >
      {label}
      {cycle === 'annual' ? (
        <span className="rounded-full bg-green-100 px-2 py-0.5 text-sm font-bold whitespace-nowrap text-green-800">
          {PRICING.annualSavingsLabel}
        </span>
      ) : null}
    </button>
  );
  return (
    <fieldset className="inline-grid grid-cols-2 gap-1 rounded-lg bg-slate-200 p-1">
      <legend className="sr-only">{BILLING_TEXTS.cycleLabel}</legend>
      {option('monthly', TEXTS.billing.monthly)}
      {option('annual', TEXTS.billing.annual)}
    </fieldset>
  );
}
