import { AlertTriangle, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { FormProblem } from '@/lib/form-failure';

/** What went wrong with the whole form: shown at its top, read out when it appears. */
export function FormAlert({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 break-words">
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-1 text-sm">{children}</div> : null}
      </div>
    </div>
  );
}

/** A form's problem (useContractForm's `alert`), if it has one. */
export function FormProblemAlert({ problem }: { problem: FormProblem | null }) {
  return problem ? <FormAlert title={problem.title}>{problem.detail || null}</FormAlert> : null;
}

/**
 * The buttons of a form in a dialog, kept at the bottom of the visible area while the fields scroll, so the
 * primary action is always in reach of a thumb.
 */
export function FormActions({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        // Side by side even at 360 px (the primary action, last, takes the room), so the form keeps its height.
        'sticky -bottom-4 z-10 -mx-4 -mb-4 mt-2 flex justify-end gap-2 border-t border-slate-200 bg-white px-4 py-3 [&>*:last-child]:flex-1 sm:[&>*:last-child]:flex-none',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** For FormActions of a form opened in the page (not a dialog): in the page's flow, never under its bottom nav. */
export const IN_PAGE = 'static';

/** A submit button that shows it is working (and cannot be pressed twice) while its request runs. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  variant = 'primary',
  disabled,
  className,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  variant?: ButtonVariant;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Button type="submit" variant={variant} disabled={busy || disabled} aria-busy={busy} className={className}>
      {busy ? <Loader2 className="size-5 animate-spin" aria-hidden="true" /> : null}
      {busy ? busyLabel : children}
    </Button>
  );
}
