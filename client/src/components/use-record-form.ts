import { type FormEvent, useState } from 'react';
import { type ApiFailure, isStaleVersion, readApiError } from '@/lib/api-error';
import { isQueued, type Queued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { toast } from '@/lib/toast';
import { useWriteForm } from './use-write-form';

type Versioned = { id: number; version: number };

type Options<Saved> = {
  fields: readonly string[];
  checkTitle: string;
  onFieldErrors?: Parameters<typeof useWriteForm>[1]['onFieldErrors'];
  /** Keeps the newer record of a stale-version 409 where the screens read it. */
  keep: (newer: Saved) => void;
};

/**
 * A form that adds a record or edits one (a valve, a work order), on top of useWriteForm's checks: an edit that
 * changed nothing says so and closes; a stale version shows the newer record (never applied silently) and lets
 * the user re-apply their change to it; a write kept offline says so instead of claiming it is saved.
 */
export function useRecordForm<Saved extends Versioned>({ fields, checkTitle, onFieldErrors, keep }: Options<Saved>) {
  const form = useWriteForm(fields, { checkTitle, onFieldErrors });
  const [conflict, setConflict] = useState<Saved | null>(null);

  return {
    ...form,
    /** The newer record after a stale-version 409, until the user re-applies or discards their change. */
    conflict,
    /** A refused write: a stale version becomes the conflict; `own` may place a refusal the form knows better. */
    refuse(error: unknown, failedTitle: string, own?: (failure: ApiFailure) => boolean) {
      const failure = readApiError(error);
      if (isStaleVersion(failure)) {
        const newer = failure.current as Saved;
        keep(newer);
        setConflict(newer);
        form.setAlert(null);
        return;
      }
      if (!own?.(failure)) form.showFailure(failure, failedTitle);
    },
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
    /** Submit: adding sends the new record; an edit sends its changes, or says there are none and closes. */
    submit(
      event: FormEvent,
      {
        busy,
        editing,
        changed,
        create,
        update,
        nothingChanged,
        onDone,
      }: {
        /** A write is under way. */
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
      if (busy || form.checking) return;
      form.setAlert(null);
      if (!editing) return create();
      if (changed()) return update(editing);
      toast({ title: nothingChanged });
      onDone();
    },
  };
}
