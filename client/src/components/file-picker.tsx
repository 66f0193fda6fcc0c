import type { LucideIcon } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

type FilePickerProps = {
  accept: string;
  /** 'environment' opens the rear camera on a phone. */
  capture?: 'environment';
  disabled: boolean;
  /** Why the file chosen cannot go; shown in place of the hint. */
  error?: string | null;
  hint: string;
  icon: LucideIcon;
  label: string;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  /** What was chosen (its name and size, a preview), shown above the button. */
  children?: ReactNode;
};

/**
 * A file chosen with one big dashed button a gloved thumb can hit: the real input stays for the keyboard and
 * screen readers, out of sight, and its focus shows on the button.
 */
export function FilePicker({
  accept,
  capture,
  disabled,
  error,
  hint,
  icon: Icon,
  label,
  onChoose,
  children,
}: FilePickerProps) {
  const inputId = useId();
  return (
    <div className="grid gap-2">
      <input
        id={inputId}
        type="file"
        accept={accept}
        capture={capture}
        onChange={onChoose}
        disabled={disabled}
        className="peer sr-only"
        aria-invalid={Boolean(error)}
        aria-describedby={`${inputId}-hint`}
      />
      {children}
      <label
        htmlFor={inputId}
        className={cn(
          'inline-flex min-h-14 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 text-base font-semibold',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
          error ? 'border-red-600 text-red-800' : 'border-brand-600 bg-brand-50 text-brand-800 active:bg-brand-100',
          disabled && 'pointer-events-none opacity-50',
        )}
      >
        <Icon className="size-6" aria-hidden="true" />
        {label}
      </label>
      <p id={`${inputId}-hint`} className="text-sm text-slate-600">
        {error ? <span className="font-semibold text-red-700">{error}</span> : hint}
      </p>
    </div>
  );
}
