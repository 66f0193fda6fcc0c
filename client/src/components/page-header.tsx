import type { ReactNode } from 'react';

/** A screen's title with its main action beside it (wrapping under it on a narrow phone). */
export function PageHeader({ title, action }: { title: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {action}
    </div>
  );
}
