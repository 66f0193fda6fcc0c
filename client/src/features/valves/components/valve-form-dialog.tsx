import { PLANTS, VALVE_TYPES } from '@common/constants';
import type { ValveDetail } from '@common/schemas/valves';
import { valveStatusStyle } from '@common/status-styles';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConflictNotice } from '@/components/conflict-notice';
import { FormActions, FormAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { newActionKey } from '@/lib/action-key';
import { fieldErrors, isStaleVersion, readApiError, unplacedIssues } from '@/lib/api-error';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { toast } from '@/lib/toast';
import { useCreateValve } from '../api/create-valve';
import { valveQuery } from '../api/get-valve';
import { useUpdateValve } from '../api/update-valve';
import { VALVE_WRITE_TEXTS as T } from '../texts';
import {
  changedValveFields,
  checkValveValues,
  DOCUMENTATION_FIELDS,
  type DocumentationField,
  emptyValveValues,
  toCreateBody,
  type ValveFormErrors,
  type ValveFormValues,
  valveToValues,
} from '../valve-form-values';

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
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState<ValveFormValues>(() => (valve ? valveToValues(valve) : emptyValveValues()));
  const [values, setValues] = useState<ValveFormValues>(initial);
  const [errors, setErrors] = useState<ValveFormErrors>({});
  const [formError, setFormError] = useState<{ title: string; detail?: string } | null>(null);
  const [docsOpen, setDocsOpen] = useState(false);
  const [conflict, setConflict] = useState<ValveDetail | null>(null);
  const busy = create.isPending || update.isPending;

  const set = (field: keyof ValveFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showErrors = (next: ValveFormErrors) => {
    setErrors(next);
    if (Object.keys(next).some((field) => DOCUMENTATION_NAMES.includes(field))) setDocsOpen(true);
    // After React has drawn the messages: take the technician to the first field to fix.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const onFailure = (error: unknown, failedTitle: string) => {
    const failure = readApiError(error);
    if (isStaleVersion(failure)) {
      const current = failure.current as ValveDetail;
      queryClient.setQueryData(valveQuery(current.id).queryKey, current);
      setConflict(current);
      setFormError(null);
      return;
    }
    toast({ title: failedTitle, description: failure.message, tone: 'danger' });
    if (failure.status === 409 && mode === 'create') {
      // The one 409 of adding: the tag is taken. It belongs under the tag.
      showErrors({ valveId: failure.message });
      setFormError(null);
      return;
    }
    if (failure.issues.length > 0) {
      showErrors(fieldErrors(failure.issues));
      const rest = unplacedIssues(failure.issues, FORM_FIELDS);
      setFormError({ title: T.checkFields, detail: rest.map((i) => `${i.path} ${i.message}`.trim()).join('; ') });
      return;
    }
    setFormError({ title: failedTitle, detail: failure.message });
  };

  const sendUpdate = (target: ValveDetail) => {
    const changes = changedValveFields(initial, values);
    update.mutate(
      { id: target.id, key: newActionKey(), body: { ...changes, version: target.version } },
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const found = checkValveValues(values, mode);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      setFormError({ title: T.checkFields });
      return;
    }
    if (!valve) {
      create.mutate(
        { key: newActionKey(), body: toCreateBody(values) },
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
      return;
    }
    if (Object.keys(changedValveFields(initial, values)).length === 0) {
      toast({ title: T.nothingChanged });
      onDone();
      return;
    }
    sendUpdate(valve);
  };

  const statuses = mode === 'create' ? ['active', 'maintenance'] : ['active', 'maintenance', 'overdue'];

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
      {conflict ? (
        <ConflictNotice
          what="valve"
          yourChange={`edits to ${Object.keys(changedValveFields(initial, values)).length} field(s) below`}
          busy={update.isPending}
          onReapply={() => {
            const latest = conflict;
            setConflict(null);
            sendUpdate(latest);
          }}
          onDiscard={onDone}
        >
          <ConflictSummary valve={conflict} />
        </ConflictNotice>
      ) : null}
      {formError ? <FormAlert title={formError.title}>{formError.detail || null}</FormAlert> : null}

      <div className="grid gap-4 sm:grid-cols-2">
        {mode === 'create' ? (
          <Field label="Valve ID" required error={errors.valveId} hint={T.valveIdHint}>
            {(control) => (
              <Input
                {...control}
                value={values.valveId}
                onChange={(e) => set('valveId')(e.target.value)}
                placeholder="V-123-BV"
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </Field>
        ) : null}
        <Field label="Type" required error={errors.type}>
          {(control) => (
            <Select {...control} value={values.type} onChange={(e) => set('type')(e.target.value)}>
              {VALVE_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </Select>
          )}
        </Field>
        <TextField label="Size" field="size" placeholder='e.g. 4"' {...{ values, errors, set }} />
        <TextField label="Pressure" field="pressure" placeholder="e.g. 600 PSI" {...{ values, errors, set }} />
        <Field label="Plant" required error={errors.plant}>
          {(control) => (
            <Select {...control} value={values.plant} onChange={(e) => set('plant')(e.target.value)}>
              {PLANTS.map((plant) => (
                <option key={plant}>{plant}</option>
              ))}
            </Select>
          )}
        </Field>
        <TextField
          label="Location"
          field="location"
          placeholder="e.g. Unit 2, feedwater line"
          {...{ values, errors, set }}
        />
        <TextField label="System" field="system" placeholder="e.g. Feedwater" {...{ values, errors, set }} />
        <TextField label="Manufacturer" field="manufacturer" {...{ values, errors, set }} />
        <TextField label="Model" field="model" {...{ values, errors, set }} />
        <Field label="Status" required error={errors.status}>
          {(control) => (
            <Select {...control} value={values.status} onChange={(e) => set('status')(e.target.value)}>
              {statuses.map((status) => (
                <option key={status} value={status}>
                  {valveStatusStyle(status).label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Maintenance interval (days)" required error={errors.maintenanceIntervalDays}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={3650}
              step={1}
              value={values.maintenanceIntervalDays}
              onChange={(e) => set('maintenanceIntervalDays')(e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Next maintenance"
          error={errors.nextMaintenance}
          hint={mode === 'create' ? 'Leave empty to count the interval from today.' : undefined}
        >
          {(control) => (
            <Input
              {...control}
              type="date"
              value={values.nextMaintenance}
              onChange={(e) => set('nextMaintenance')(e.target.value)}
            />
          )}
        </Field>
      </div>

      <details
        open={docsOpen}
        onToggle={(e) => setDocsOpen(e.currentTarget.open)}
        className="group rounded-lg border border-slate-300 bg-slate-50"
      >
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 px-3 text-base font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
          <span>
            <span>{T.documentation}</span>
            <span className="ml-1 text-sm font-normal text-slate-600">
              ({DOCUMENTATION_FIELDS.length} texts, optional)
            </span>
          </span>
          <ChevronDown className="size-5 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <div className="grid gap-4 border-t border-slate-300 bg-white p-3">
          <p className="text-sm text-slate-600">{T.documentationHint}</p>
          {DOCUMENTATION_FIELDS.map(([field, label]) => (
            <DocumentationTextarea key={field} field={field} label={label} {...{ values, errors, set }} />
          ))}
        </div>
      </details>

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

type FieldBinding = {
  values: ValveFormValues;
  errors: ValveFormErrors;
  set: (field: keyof ValveFormValues) => (value: string) => void;
};

function TextField({
  label,
  field,
  placeholder,
  values,
  errors,
  set,
}: FieldBinding & { label: string; field: keyof ValveFormValues; placeholder?: string }) {
  return (
    <Field label={label} required error={errors[field]}>
      {(control) => (
        <Input
          {...control}
          value={values[field]}
          onChange={(e) => set(field)(e.target.value)}
          placeholder={placeholder}
        />
      )}
    </Field>
  );
}

function DocumentationTextarea({
  label,
  field,
  values,
  errors,
  set,
}: FieldBinding & { label: string; field: DocumentationField }) {
  return (
    <Field label={label} error={errors[field]}>
      {(control) => (
        <Textarea {...control} rows={4} value={values[field]} onChange={(e) => set(field)(e.target.value)} />
      )}
    </Field>
  );
}

function ConflictSummary({ valve }: { valve: ValveDetail }) {
  const rows: [string, string][] = [
    ['Status', valveStatusStyle(valve.status).label],
    ['Location', `${valve.plant} — ${valve.location}`],
    ['Type / size', `${valve.type} · ${valve.size} · ${valve.pressure}`],
    ['Maker', `${valve.manufacturer} ${valve.model}`],
    ['Interval', `${valve.maintenanceIntervalDays} days`],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
