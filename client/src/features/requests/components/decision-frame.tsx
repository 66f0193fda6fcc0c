import type { FormEvent, ReactNode, RefObject } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import type { ButtonVariant } from '@/components/ui/button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import type { FormProblem } from '@/lib/form-failure';
import { REQUEST_TEXTS } from '../texts';

type Props = {
  title: string;
  intro: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: { ref: RefObject<HTMLFormElement | null>; alert: FormProblem | null };
  busy: boolean;
  submit: { label: string; busyLabel: string; variant?: ButtonVariant; disabled?: boolean };
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
};

/** The dialog around a triage decision: what it does, its fields, the server's refusal, Cancel and the decision. */
export function DecisionFrame({ title, intro, open, onOpenChange, form, busy, submit, onSubmit, children }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* The intro is shown, not only read out: what a decision does is worth seeing before taking it. */}
      <DialogContent title={title}>
        <form ref={form.ref} noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={title}>
          <p className="text-base text-slate-700">{intro}</p>
          <FormProblemAlert problem={form.alert} />
          {children}
          <FormActions>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {REQUEST_TEXTS.triage.cancel}
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
