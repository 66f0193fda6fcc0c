import type { ValveDetail } from '@common/schemas/valves';
import { valveStatusStyle } from '@common/status-styles';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConflictNotice } from '@/components/conflict-notice';
import { ConflictSummary } from '@/components/conflict-summary';
import { FormActions, FormAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeletons } from '@/components/ui/skeleton';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import type { ApiFailure } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { activePlantNames, typeNames, usePlants, useValveTypes } from '@/lib/plants';
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
        {open ? <ValveFormWhenReady valve={valve} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form once the plants and the catalog are known, so a new valve starts in the first plant in service and of
 * the first type. Unreadable (offline, never downloaded), the form opens all the same: editing needs neither.
 */
function ValveFormWhenReady({ valve, onDone }: { valve?: ValveDetail; onDone: () => void }) {
  const plants = usePlants();
  const types = useValveTypes();
  if (plants.isPending || types.isPending) return <Skeletons count={3} label={T.loadingChoices} itemClassName="h-16" />;
  const defaults = { plant: activePlantNames(plants.data)[0] ?? '', type: typeNames(types.data)[0] ?? '' };
  return <ValveForm valve={valve} defaults={defaults} onDone={onDone} />;
}

type ValveFormProps = { valve?: ValveDetail; defaults: { plant: string; type: string }; onDone: () => void };

function ValveForm({ valve, defaults, onDone }: ValveFormProps) {
  const mode = valve ? 'edit' : 'create';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateValve();
  const update = useUpdateValve();
  const [initial] = useState<ValveFormValues>(() => (valve ? valveToValues(valve) : emptyValveValues(defaults)));
  const [values, setValues] = useState<ValveFormValues>(initial);
  const [docsOpen, setDocsOpen] = useState(false);
  const form = useContractForm({
    schemas: contractSchemas.valves,
    fields: FORM_FIELDS,
    failedTitle: T.saveFailed,
    toastRefusals: true,
    checkTitle: T.checkFields,
    onFieldErrors: (errors) => {
      if (Object.keys(errors).some((field) => DOCUMENTATION_NAMES.includes(field))) setDocsOpen(true);
    },
    keep: (newer: ValveDetail) => queryClient.setQueryData(valveQuery(newer.id).queryKey, newer),
  });
  const busy = create.isPending || update.isPending || form.checking;

  const set = (field: keyof ValveFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clear(field);
  };

  // The one 409 of adding: the tag is taken. It belongs under the tag.
  const tagTaken = (failure: ApiFailure) => {
    if (failure.status !== 409) return false;
    toast({ title: T.addFailed, description: failure.message, tone: 'danger' });
    form.showFieldErrors({ valveId: failure.message });
    return true;
  };

  const sendUpdate = async (target: ValveDetail) => {
    const body = await form.check((schemas) => schemas.valveUpdateBody, {
      ...changedValveFields(initial, values),
      version: target.version,
    });
    if (!body) return;
    update.mutate(
      { id: target.id, key: newActionKey(), body },
      {
        onSuccess: form.saved(target.valveId, (saved: ValveDetail) => T.saved(saved.valveId), onDone),
        onError: (error) => form.refuse(error, T.saveFailed),
      },
    );
  };

  const sendCreate = async () => {
    const body = await form.check((schemas) => schemas.valveCreateBody, toCreateBody(values));
    if (!body) return;
    create.mutate(
      { key: newActionKey(), body },
      {
        onSuccess: (created) => {
          onDone();
          // Kept for later: there is no valve page to open until the server has it.
          if (isQueued(created)) return toastQueued(values.valveId);
          toast({ title: T.added(created.valveId) });
          navigate(`/valves/${created.id}`);
        },
        onError: (error) => form.refuse(error, T.addFailed, tagTaken),
      },
    );
  };

  const submit = (event: FormEvent) =>
    form.submitRecord(event, {
      busy,
      editing: valve,
      changed: () => Object.keys(changedValveFields(initial, values)).length > 0,
      create: () => void sendCreate(),
      update: (target) => void sendUpdate(target),
      nothingChanged: T.nothingChanged,
      onDone,
    });

  const binding = { values, errors: form.errors, set };
  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4">
      {form.conflict ? (
        <ConflictNotice
          what="valve"
          yourChange={`edits to ${Object.keys(changedValveFields(initial, values)).length} field(s) below`}
          busy={update.isPending}
          onReapply={() => form.reapply((newer) => void sendUpdate(newer))}
          onDiscard={onDone}
        >
          <ValveConflictSummary valve={form.conflict} />
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

/** The newer valve of a stale-version 409, in the lines a person compares with what they meant to change. */
function ValveConflictSummary({ valve }: { valve: ValveDetail }) {
  return (
    <ConflictSummary
      rows={[
        ['Status', valveStatusStyle(valve.status).label],
        ['Location', `${valve.plant} — ${valve.location}`],
        ['Type / size', `${valve.type} · ${valve.size} · ${valve.pressure}`],
        ['Maker', `${valve.manufacturer} ${valve.model}`],
        ['Interval', `${valve.maintenanceIntervalDays} days`],
      ]}
    />
  );
}
