import type { ValveDetail } from '@common/schemas/valves';
import { valveStatusStyle } from '@common/status-styles';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConflictNotice } from '@/components/conflict-notice';
import { ConflictSummary } from '@/components/conflict-summary';
import { FormActions, FormAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useWriteForm } from '@/components/use-write-form';
import { newActionKey } from '@/lib/action-key';
import { isStaleVersion, readApiError } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { toast } from '@/lib/toast';
import { useCreateValve } from '../api/create-valve';
import { valveQuery } from '../api/get-valve';
import { useUpdateValve } from '../api/update-valve';
import { VALVE_WRITE_TEXTS as T } from '../texts';
import {
  changedValveFields,
  DOCUMENTATION_FIELDS,
  emptyValveValues,
  toCreateBody,
  type ValveFormValues,
  valveToValues,
} from '../valve-form-values';
import { ValveDocumentationFields, ValveMainFields } from './valve-form-fields';

const FORM_FIELDS = Object.keys(emptyValveValues());
const DOCUMENTATION_NAMES: readonly string[] = DOCUMENTATION_FIELDS.map(([field]) => field);

type ValveFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The valve to edit; without it the form adds a new one. */
  valve?: ValveDetail;
};

/** Add Valve and Edit Valve: one form, in a dialog that scrolls on a phone with its buttons kept in reach. */
export function ValveFormDialog({ open, onOpenChange, valve }: ValveFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={valve ? T.editTitle(valve.valveId) : T.addTitle} className="max-w-3xl">
        {/* Mounted only while open: each opening starts from the valve as it is now. */}
        {open ? <ValveForm valve={valve} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ValveForm({ valve, onDone }: { valve?: ValveDetail; onDone: () => void }) {
  const mode = valve ? 'edit' : 'create';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateValve();
  const update = useUpdateValve();
  const [initial] = useState<ValveFormValues>(() => (valve ? valveToValues(valve) : emptyValveValues()));
  const [values, setValues] = useState<ValveFormValues>(initial);
  const [docsOpen, setDocsOpen] = useState(false);
  const [conflict, setConflict] = useState<ValveDetail | null>(null);
  const form = useWriteForm(FORM_FIELDS, {
    checkTitle: T.checkFields,
    onFieldErrors: (errors) => {
      if (Object.keys(errors).some((field) => DOCUMENTATION_NAMES.includes(field))) setDocsOpen(true);
    },
  });
  const busy = create.isPending || update.isPending || form.checking;
  useEffect(() => contractSchemas.valves.preload(), []);

  const set = (field: keyof ValveFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clear(field);
  };

  const onFailure = (error: unknown, failedTitle: string) => {
    const failure = readApiError(error);
    if (isStaleVersion(failure)) {
      const current = failure.current as ValveDetail;
      queryClient.setQueryData(valveQuery(current.id).queryKey, current);
      setConflict(current);
      form.setAlert(null);
      return;
    }
    if (failure.status === 409 && mode === 'create') {
      // The one 409 of adding: the tag is taken. It belongs under the tag.
      toast({ title: failedTitle, description: failure.message, tone: 'danger' });
      form.showFieldErrors({ valveId: failure.message });
      form.setAlert(null);
      return;
    }
    form.showFailure(failure, failedTitle);
  };

  const sendUpdate = async (target: ValveDetail) => {
    const body = await form.check(
      contractSchemas.valves.check((schemas) => schemas.valveUpdateBody, {
        ...changedValveFields(initial, values),
        version: target.version,
      }),
    );
    if (!body) return;
    update.mutate(
      { id: target.id, key: newActionKey(), body },
      {
        onSuccess: (saved) => {
          if (isQueued(saved)) toastQueued(target.valveId);
          else toast({ title: T.saved(saved.valveId) });
          onDone();
        },
        onError: (error) => onFailure(error, T.saveFailed),
      },
    );
  };

  const sendCreate = async () => {
    const body = await form.check(
      contractSchemas.valves.check((schemas) => schemas.valveCreateBody, toCreateBody(values)),
    );
    if (!body) return;
    create.mutate(
      { key: newActionKey(), body },
      {
        onSuccess: (created) => {
          onDone();
          // Kept for later: there is no valve page to open until the server has it.
          if (isQueued(created)) {
            toastQueued(values.valveId);
            return;
          }
          toast({ title: T.added(created.valveId) });
          navigate(`/valves/${created.id}`);
        },
        onError: (error) => onFailure(error, T.addFailed),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    form.setAlert(null);
    if (!valve) {
      void sendCreate();
      return;
    }
    if (Object.keys(changedValveFields(initial, values)).length === 0) {
      toast({ title: T.nothingChanged });
      onDone();
      return;
    }
    void sendUpdate(valve);
  };

  const binding = { values, errors: form.errors, set };
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="grid gap-4">
      {conflict ? (
        <ConflictNotice
          what="valve"
          yourChange={`edits to ${Object.keys(changedValveFields(initial, values)).length} field(s) below`}
          busy={update.isPending}
          onReapply={() => {
            const latest = conflict;
            setConflict(null);
            void sendUpdate(latest);
          }}
          onDiscard={onDone}
        >
          <ConflictSummary
            rows={[
              ['Status', valveStatusStyle(conflict.status).label],
              ['Location', `${conflict.plant} — ${conflict.location}`],
              ['Type / size', `${conflict.type} · ${conflict.size} · ${conflict.pressure}`],
              ['Maker', `${conflict.manufacturer} ${conflict.model}`],
              ['Interval', `${conflict.maintenanceIntervalDays} days`],
            ]}
          />
        </ConflictNotice>
      ) : null}
      {form.alert ? <FormAlert title={form.alert.title}>{form.alert.detail || null}</FormAlert> : null}
      <ValveMainFields mode={mode} {...binding} />
      <ValveDocumentationFields open={docsOpen} onOpenChange={setDocsOpen} {...binding} />
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {T.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel="Saving…">
          {mode === 'create' ? T.saveNew : T.saveEdit}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
