import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />;
}

/** Card look for a whole-card link or button: a clear pressed state so a tap is seen to land. */
export const interactiveCardClasses =
  'block rounded-xl border border-slate-200 bg-white shadow-sm transition-colors hover:border-brand-600 active:bg-slate-50';
