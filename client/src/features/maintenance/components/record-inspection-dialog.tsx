import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormActions, FormAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useContractCheck } from '@/components/use-write-form';
import { newActionKey } from '@/lib/action-key';
import { fieldErrors, readApiError } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { toast } from '@/lib/toast';
import { useCreateMaintenanceRecord } from '../api/create-maintenance-record';
import { MAINTENANCE_TEXTS as T } from '../texts';

type Target = { id: number; valveId: string };

/** Record Inspection: a technician's round on a valve goes into its history and today's inspection count. */
export function RecordInspectionDialog({
  valve,
  open,
  onOpenChange,
  onRecorded,
}: {
  valve: Target;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRecorded?: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={T.inspectionTitle} description={`Record an inspection of ${valve.valveId}`}>
        {open ? (
          <InspectionForm
            valve={valve}
            onDone={(recorded) => {
              onOpenChange(false);
              if (recorded) onRecorded?.();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function InspectionForm({ valve, onDone }: { valve: Target; onDone: (recorded: boolean) => void }) {
  const record = useCreateMaintenanceRecord();
  const formRef = useRef<HTMLFormElement>(null);
  const [description, setDescription] = useState('');
  const [findings, setFindings] = useState('');
  const [actionsPerformed, setActionsPerformed] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const contract = useContractCheck();
  const busy = record.isPending || contract.checking;
  useEffect(() => contractSchemas.maintenanceRecords.preload(), []);

  const send = async () => {
    setFormError(null);
    const checked = await contract.check(
      contractSchemas.maintenanceRecords.check((schemas) => schemas.maintenanceRecordCreateBody, {
        valveId: valve.id,
        type: 'inspection',
        description,
        findings: findings.trim() || null,
        actionsPerformed: actionsPerformed.trim() || null,
      }),
    );
    if (checked.body === null) {
      setErrors(fieldErrors(checked.issues));
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    record.mutate(
      { key: newActionKey(), body: checked.body },
      {
        onSuccess: (reply) => {
          if (isQueued(reply)) toastQueued(valve.valveId);
          else toast({ title: T.recorded(valve.valveId) });
          onDone(true);
        },
        onError: (error) => {
          const failure = readApiError(error);
          toast({ title: T.failed, description: failure.message, tone: 'danger' });
          const byField = fieldErrors(failure.issues);
          setErrors(byField);
          setFormError(Object.keys(byField).length > 0 ? T.checkFields : failure.message);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void send();
  };

  const clear = (field: string) => setErrors((current) => ({ ...current, [field]: undefined }));

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-base text-slate-700">
        Inspection of <span className="font-bold text-slate-900">{valve.valveId}</span>, recorded now.
      </p>
      {formError ? <FormAlert title={T.failed}>{formError}</FormAlert> : null}
      <Field label="What was inspected" required error={errors.description}>
        {(control) => (
          <Input
            {...control}
            value={description}
            onChange={(e) => {
              setDescription(e.target.value);
              clear('description');
            }}
            placeholder="e.g. Weekly walk-down, leak check"
          />
        )}
      </Field>
      <Field label="Findings" error={errors.findings}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={findings}
            onChange={(e) => {
              setFindings(e.target.value);
              clear('findings');
            }}
            placeholder="e.g. No leaks, actuator response normal"
          />
        )}
      </Field>
      <Field label="Actions performed" error={errors.actionsPerformed}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={actionsPerformed}
            onChange={(e) => {
              setActionsPerformed(e.target.value);
              clear('actionsPerformed');
            }}
          />
        )}
      </Field>
      <FormActions>
        <Button variant="outline" onClick={() => onDone(false)} disabled={busy}>
          {T.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel="Saving…">
          {T.inspectionSubmit}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
