import { TEXTS } from '@common/texts';
import { useEffect, useId, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { estimateRoi } from '../roi';

const usd = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Digits only: '1,200,000' and '$ 1 200 000' both read as 1200000. */
const toNumber = (text: string) => Number(text.replace(/[^\d]/g, '') || 0);

export function RoiCalculator() {
  const spendId = useId();
  const hoursId = useId();
  const [spend, setSpend] = useState('500,000');
  const [hours, setHours] = useState('120');
  // The landing page arrives rendered (landing.html) and its fields take typing before the app has taken it over;
  // hydration keeps what was typed on screen but not in the state, so the state takes it over once.
  useEffect(() => {
    const typed = (id: string) => (document.getElementById(id) as HTMLInputElement | null)?.value;
    setSpend((value) => typed(spendId) ?? value);
    setHours((value) => typed(hoursId) ?? value);
  }, [spendId, hoursId]);
  const roi = estimateRoi(toNumber(spend), toNumber(hours));
  return (
    <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
      <div className="grid content-start gap-4">
        <div className="grid gap-1.5">
          <label htmlFor={spendId} className="text-base font-semibold text-slate-900">
            Yearly valve maintenance spend (USD)
          </label>
          <Input id={spendId} inputMode="numeric" value={spend} onChange={(e) => setSpend(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={hoursId} className="text-base font-semibold text-slate-900">
            Unplanned downtime per year (hours)
          </label>
          <Input id={hoursId} inputMode="numeric" value={hours} onChange={(e) => setHours(e.target.value)} />
        </div>
      </div>
      <output aria-live="polite" className="grid content-start gap-3 rounded-lg bg-brand-50 p-4 text-slate-900">
        <span>
          <span className="block text-sm font-medium text-slate-700">Maintenance cost saved each year</span>
          <span className="block text-2xl font-bold tabular-nums" data-testid="roi-savings">
            {usd(roi.savingLow)} – {usd(roi.savingHigh)}
          </span>
        </span>
        <span>
          <span className="block text-sm font-medium text-slate-700">Downtime avoided each year</span>
          <span className="block text-2xl font-bold tabular-nums" data-testid="roi-downtime">
            {roi.downtimeHoursSaved.toLocaleString('en-US')} hours
          </span>
        </span>
        <span className="text-sm text-slate-700">
          {`Estimated from the ${TEXTS.landing.stats.costs} and ${TEXTS.landing.stats.downtime} our customers report.`}
        </span>
      </output>
    </Card>
  );
}
