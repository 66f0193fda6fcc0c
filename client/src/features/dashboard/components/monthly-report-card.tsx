import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** This month as YYYY-MM in UTC, the report's own months (docs/analytics.md, "Monthly plant report"). */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * The monthly plant report (work orders, plans and relief valve tests by plant) for a supervisor's meeting: a month
 * chosen, the PDF downloaded. Months after this one are not offered (the server refuses them too).
 */
export function MonthlyReportCard() {
  const [month, setMonth] = useState(thisMonth);
  const latest = thisMonth();
  const chosen = /^\d{4}-\d{2}$/.test(month) && month <= latest ? month : latest;
  return (
    <Card className="mt-6 grid gap-3 p-4 sm:flex sm:items-end sm:justify-between">
      <Field label="Monthly plant report" hint="Work orders, preventive plans and relief valve tests by plant">
        {(control) => (
          <Input {...control} type="month" max={latest} value={month} onChange={(e) => setMonth(e.target.value)} />
        )}
      </Field>
      <a
        href={`/api/reports/monthly.pdf?month=${chosen}`}
        download
        className={buttonClasses('outline', 'md', 'w-full sm:w-auto')}
      >
        <FileDown className="size-5" aria-hidden="true" />
        Download report (PDF)
      </a>
    </Card>
  );
}
