import { TEXTS } from '@common/texts';
import { ShieldCheck } from 'lucide-react';

/** Spec §2.14's trust line. */
export function TrustLine() {
  return (
    <ul className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2 text-sm font-medium text-slate-700">
      {TEXTS.billing.trust.map((item) => (
        <li key={item} className="flex items-center gap-1.5">
          <ShieldCheck className="size-4 shrink-0 text-green-700" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}
