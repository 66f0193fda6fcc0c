import { AlertCircle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

/** What a field passes to its control so the label, hint and error are announced with it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
};

type FieldProps = {
  label: string;
  /** Shown under the control in red; also marks the control invalid. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** Server and form checks say 'is required', 'must be at most 200 characters': read with the label, it is a sentence. */
export function errorSentence(label: string, error: string): string {
  return /^[a-z]/.test(error) ? `${label} ${error}` : error;
}

/** A labelled form control with its hint and its error message (from the form's checks or the server's 400). */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={id} className="text-base font-semibold text-slate-900">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="text-sm font-normal text-slate-600"> (optional)</span>
        )}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        ...(required && { 'aria-required': true }),
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-semibold text-red-700">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">{errorSentence(label, error)}</span>
        </p>
      ) : null}
    </div>
  );
}
