import { type FormEvent, useEffect, useState } from 'react';
import type { Checked } from '@/lib/contract-check';
import { type FormFailure, formFailure, NO_FAILURE, placeIssues } from '@/lib/form-failure';
import { useRevealProblem } from './use-reveal-problem';
import { useContractCheck } from './use-write-form';

type Mutation = { error: unknown; isPending: boolean };

/**
 * The account forms (sign-in, set-up, invitation, add user), whose messages carry the field's label ('Email is
 * required'): the contract's check before sending and the server's refusal after (`mutation`'s error), placed
 * the same way by label, the first problem brought into view.
 */
export function useLabelledForm(labels: Record<string, string>, schemas: { preload: () => void }, mutation: Mutation) {
  const reveal = useRevealProblem();
  const contract = useContractCheck();
  const [refused, setRefused] = useState<FormFailure>(NO_FAILURE);
  useEffect(() => schemas.preload(), [schemas]);
  const failure = mutation.error ? formFailure(mutation.error, labels) : null;
  const busy = mutation.isPending || contract.checking;

  return {
    ref: reveal.ref,
    busy,
    errors: { ...failure?.fields, ...refused.fields } as Partial<Record<string, string>>,
    alert: refused.alert ?? failure?.alert ?? null,
    /** For the mutation's onError: brings the server's refusal into view. */
    failed: reveal.failed,
    /** The user changed a field: its message goes until the next check. */
    clear: (name: string) => setRefused(({ fields: { [name]: _, ...rest } }) => ({ alert: null, fields: rest })),
    /** The form starts afresh (a dialog closed). */
    reset: () => setRefused(NO_FAILURE),
    /** Submit: the contract's check, then `send` with the body as the contract reads it. */
    async submit<Body>(event: FormEvent, pending: Promise<Checked<Body>>, send: (body: Body) => void) {
      event.preventDefault();
      if (busy) return;
      const checked = await contract.check(pending);
      setRefused(placeIssues(checked.issues, labels));
      if (checked.body === null) return reveal.failed();
      send(checked.body);
    },
  };
}
