import type { ReactNode } from 'react';

/** One labelled value in a definition list; wraps long values instead of widening the screen. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2.5 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-base break-words text-slate-900 sm:mt-0">{children}</dd>
    </div>
  );
}

export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="divide-y divide-slate-200">{children}</dl>;
}
