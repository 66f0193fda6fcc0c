import type { FormEvent, ReactNode, RefObject } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import type { FormProblem } from '@/lib/form-failure';

type Props = {
  title: string;
  /** What the form will do, shown above its fields (worth seeing before a decision). */
  intro?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, when the dialog owns one (else the caller opens it). */
  trigger?: ReactNode;
  /** useContractForm's form: where its problem shows and which form it checks. */
  form: { ref: RefObject<HTMLFormElement | null>; alert: FormProblem | null };
  busy: boolean;
  cancelLabel: string;
  submit: { label: string; busyLabel: string; variant?: ButtonVariant; disabled?: boolean };
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
};

/**
 * A dialog around one contract form: its title, what it does, the server's refusal at the top, the fields, and
 * Cancel and the action kept in a thumb's reach (FormActions). The form's state and its sending stay the caller's.
 */
export function FormDialog({
  title,
  intro,
  open,
  onOpenChange,
  trigger,
  form,
  busy,
  cancelLabel,
  submit,
  onSubmit,
  children,
}: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent title={title}>
        <form ref={form.ref} noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={title}>
          {intro ? <p className="text-base text-slate-700">{intro}</p> : null}
          <FormProblemAlert problem={form.alert} />
          {children}
          <FormActions>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {cancelLabel}
            </Button>
            <SubmitButton busy={busy} busyLabel={submit.busyLabel} variant={submit.variant} disabled={submit.disabled}>
              {submit.label}
            </SubmitButton>
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
