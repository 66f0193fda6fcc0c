import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { type ApiFailure, type ApiIssue, isStaleVersion, readApiError } from '@/lib/api-error';
import type { LazySchemas } from '@/lib/contract-check';
import { type FieldErrors, type FormProblem, placeIssues, problemOf } from '@/lib/form-failure';
import { isQueued, type Queued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { toast } from '@/lib/toast';

type Versioned = { id: number; version: number };

type Options<Schemas, Saved> = {
  /** The endpoint's common/ schemas, loaded when the form opens (`contractSchemas.<file>`). */
  schemas: LazySchemas<Schemas>;
  /** The form's fields by their contract paths ('findings', 'asFound.opening'), in the order they are drawn. */
  fields: readonly string[];
  /** The alert's title when a write is refused with nothing a field can show. */
  failedTitle: string;
  /** The alert's title when fields are marked ('Check the marked fields.'); without it the fields say it all. */
  checkTitle?: string;
  /** A refusal also says so in a toast (a dialog the user may have scrolled within). */
  toastRefusals?: boolean;
  /** Called with each new set of field messages (e.g. to unfold the section that holds one). */
  onFieldErrors?: (errors: FieldErrors) => void;
  /** Editing a versioned record: keeps the newer record of a stale-version 409 where the screens read it. */
  keep?: (newer: Saved) => void;
};

/**
 * The one way a write form checks and refuses (docs/decisions/098). Before sending, the body the form built is
 * checked with the endpoint's common/ schema (`check`); after, the server may refuse it (`refuse`). Both come as
 * `{ path, message }` issues and are placed the same way: each under the field of its path, the rest in the alert
 * at the top; then the first problem is brought into view, since on a phone it may sit above the fold, unseen.
 * An edit of a versioned record (`keep`) also gets the stale-version path: the newer record is shown, never
 * applied silently, and the user may re-apply their change to it.
 */
export function useContractForm<Schemas, Saved extends Versioned = Versioned>(options: Options<Schemas, Saved>) {
  const { schemas, fields, failedTitle, checkTitle, toastRefusals, onFieldErrors, keep } = options;
  const ref = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<FormProblem | null>(null);
  const [checking, setChecking] = useState(false);
  const [conflict, setConflict] = useState<Saved | null>(null);
  const [refusals, setRefusals] = useState(0);

  useEffect(() => schemas.preload(), [schemas]);

  // After React has drawn the messages: the first field to fix, else the alert, to the middle of the screen.
  useEffect(() => {
    if (refusals === 0) return;
    const form = ref.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('[role="alert"]');
    if (!target) return;
    target.scrollIntoView({ block: 'center' });
    if (target.matches('input, select, textarea')) target.focus({ preventScroll: true });
  }, [refusals]);

  const showFieldErrors = (next: FieldErrors, problem: FormProblem | null = null) => {
    setErrors(next);
    setAlert(problem);
    onFieldErrors?.(next);
    setRefusals((n) => n + 1);
  };

  const showIssues = (issues: ApiIssue[], title: string) => {
    const placed = placeIssues(issues, fields);
    showFieldErrors(placed.errors, problemOf(placed, { title, checkTitle }));
  };

  return {
    /** For the `<form>`: where the first problem is looked for. */
    ref,
    errors,
    alert,
    /** True while the contract's check runs (its schemas may still be loading): the form is busy. */
    checking,
    /** Messages the form knows better than the contract (a tag already taken), placed and revealed alike. */
    showFieldErrors,
    /** The user changed a field: its message goes until the next check. */
    clear(field: string) {
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
    /** The form starts afresh (a dialog closed). */
    reset() {
      setErrors({});
      setAlert(null);
    },
    /**
     * The contract's check of the body the form built: the body as the contract reads it (trimmed, defaults filled
     * in), or null with the issues placed. `own` are the form's own issues (a valve not chosen yet), shown with
     * the contract's. If the schemas cannot be had offline, the body goes unchecked and the server judges it.
     */
    async check<Body, Input>(
      pick: (schemas: Schemas) => ZodType<Body, Input>,
      body: Partial<Input>,
      own: ApiIssue[] = [],
    ): Promise<Body | null> {
      setChecking(true);
      const checked = await schemas.check(pick, body).finally(() => setChecking(false));
      const issues = [...own, ...checked.issues];
      if (issues.length > 0) {
        showIssues(issues, failedTitle);
        return null;
      }
      setErrors({});
      setAlert(null);
      return checked.body;
    },
    /**
     * A refused write: a stale version of a versioned record becomes the conflict; `own` may place a refusal the
     * form knows better; else the server's field issues go on the fields and its message in the alert.
     */
    refuse(error: unknown, title = failedTitle, own?: (failure: ApiFailure) => boolean) {
      const failure = readApiError(error);
      if (keep && isStaleVersion(failure)) {
        const newer = failure.current as Saved;
        keep(newer);
        setConflict(newer);
        setAlert(null);
        return;
      }
      if (own?.(failure)) return;
      if (toastRefusals) toast({ title, description: failure.message, tone: 'danger' });
      if (failure.issues.length > 0) showIssues(failure.issues, title);
      else showFieldErrors({}, { title, detail: failure.message });
    },
    /** The newer record after a stale-version 409, until the user re-applies or discards their change. */
    conflict,
    /** Sends the user's change again, now to the newer record. */
    reapply(send: (newer: Saved) => void) {
      if (!conflict) return;
      setConflict(null);
      send(conflict);
    },
    /** What a good answer does: says saved (or kept for later, named `label`), then closes the form. */
    saved<Reply>(label: string, title: (reply: Reply) => string, onDone: () => void) {
      return (reply: Reply | Queued) => {
        if (isQueued(reply)) toastQueued(label);
        else toast({ title: title(reply) });
        onDone();
      };
    },
    /** Submit: `send` runs unless a write or a check is under way (`busy`: the form's mutation is pending). */
    submit(event: FormEvent, busy: boolean, send: () => unknown) {
      event.preventDefault();
      if (!busy && !checking) void send();
    },
    /** Submit of an add-or-edit form: adding sends the new record; an edit sends its changes, or says there are none. */
    submitRecord(
      event: FormEvent,
      edit: {
        busy: boolean;
        editing: Saved | undefined;
        changed: () => boolean;
        create: () => void;
        update: (record: Saved) => void;
        nothingChanged: string;
        onDone: () => void;
      },
    ) {
      event.preventDefault();
      if (edit.busy || checking) return;
      setAlert(null);
      if (!edit.editing) return edit.create();
      if (edit.changed()) return edit.update(edit.editing);
      toast({ title: edit.nothingChanged });
      edit.onDone();
    },
  };
}
