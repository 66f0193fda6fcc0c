import type { ComponentProps, InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * The look of every text field: 48 px tall for gloved thumbs, 16 px text so phones do not zoom on focus, and a
 * red border while aria-invalid is set.
 */
export const fieldClasses =
  'w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 disabled:bg-slate-100 disabled:opacity-70 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-600';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClasses, 'h-12', className)} {...props} />;
}

/** An email address field: the phone shows its @ keyboard and leaves the address uncapitalised and uncorrected. */
export function EmailInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <Input type="email" inputMode="email" autoCapitalize="none" autoCorrect="off" spellCheck={false} {...props} />;
}
