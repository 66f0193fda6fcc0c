import type { Tone } from '@common/status-styles';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

// Dark text on light fills: readable in sunlight and passes WCAG AA for the 14 px badge text.
export const TONE_CLASSES: Record<Tone, string> = {
  success: 'bg-green-100 text-green-800 ring-green-300',
  warning: 'bg-amber-100 text-amber-900 ring-amber-300',
  danger: 'bg-red-100 text-red-800 ring-red-300',
  neutral: 'bg-slate-200 text-slate-800 ring-slate-300',
  muted: 'bg-slate-100 text-slate-600 ring-slate-200',
  primary: 'bg-brand-100 text-brand-800 ring-brand-200',
  info: 'bg-sky-100 text-sky-900 ring-sky-300',
};

export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: Tone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ring-1 ring-inset',
        TONE_CLASSES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
