import { useRef, useState } from 'react';
import { type ApiFailure, type ApiIssue, fieldErrors, unplacedIssues } from '@/lib/api-error';
import type { Checked } from '@/lib/contract-check';
import { toast } from '@/lib/toast';

export type FieldErrors = Partial<Record<string, string>>;
/** What the form says at its top: a title, and what no field can show. */
export type FormProblem = { title: string; detail?: string };

type Options = {
  /** The alert's title when fields are marked: 'Check the marked fields.' */
  checkTitle: string;
  /** Called with each new set of field messages (e.g. to unfold the section that holds one). */
  onFieldErrors?: (errors: FieldErrors) => void;
};

/**
 * The contract's check for a form that keeps its own state: `checking` is true (the form busy) while the
 * schemas may still be loading.
 */
export function useContractCheck() {
  const [checking, setChecking] = useState(false);
  return {
    checking,
    async check<Body>(pending: Promise<Checked<Body>>): Promise<Checked<Body>> {
      setChecking(true);
      return pending.finally(() => setChecking(false));
    },
  };
}

/**
 * A write form's checks and refusals. Before sending, the body is checked against the endpoint's common/ schema
 * (`check`); after, the server may refuse it. Either way each issue shows under its field (the first such field
 * focused, so a phone user sees it), and at the top whatever no field of the form can show. `fields` are the
 * form's field names as the contract names them.
 */
export function useWriteForm(fields: readonly string[], { checkTitle, onFieldErrors }: Options) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<FormProblem | null>(null);
  const contract = useContractCheck();

  const showFieldErrors = (next: FieldErrors) => {
    setErrors(next);
    onFieldErrors?.(next);
    // After React has drawn the messages: take the technician to the first field to fix.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const showIssues = (issues: ApiIssue[], title: string) => {
    showFieldErrors(fieldErrors(issues));
    const rest = unplacedIssues(issues, fields);
    setAlert({ title, detail: rest.map((issue) => `${issue.path} ${issue.message}`.trim()).join('; ') });
  };

  return {
    formRef,
    errors,
    alert,
    setAlert,
    showFieldErrors,
    /** True while the contract's check runs (its schemas may still be loading): the form is busy. */
    checking: contract.checking,
    /**
     * The contract's check, then `send` with the body as the contract reads it; or, refused, its issues on the
     * fields. `ownIssues` are the form's own (a valve not chosen yet), shown with the contract's.
     */
    async checkThen<Body>(pending: Promise<Checked<Body>>, send: (body: Body) => void, ownIssues: ApiIssue[] = []) {
      const checked = await contract.check(pending);
      const issues = [...ownIssues, ...checked.issues];
      if (issues.length > 0) showIssues(issues, checkTitle);
      else if (checked.body !== null) send(checked.body);
    },
    /** The user changed a field: its message goes until the next check. */
    clear: (field: string) => {
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
    /** A refusal other than a stale version: a toast, and the server's issues on the fields or its message on top. */
    showFailure: (failure: ApiFailure, failedTitle: string) => {
      toast({ title: failedTitle, description: failure.message, tone: 'danger' });
      if (failure.issues.length > 0) showIssues(failure.issues, checkTitle);
      else setAlert({ title: failedTitle, detail: failure.message });
    },
  };
}
