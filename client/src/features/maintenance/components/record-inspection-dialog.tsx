import { useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
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

const FIELDS = ['description', 'findings', 'actionsPerformed'];

function InspectionForm({ valve, onDone }: { valve: Target; onDone: (recorded: boolean) => void }) {
  const record = useCreateMaintenanceRecord();
  const [description, setDescription] = useState('');
  const [findings, setFindings] = useState('');
  const [actionsPerformed, setActionsPerformed] = useState('');
  const form = useContractForm({
    schemas: contractSchemas.maintenanceRecords,
    fields: FIELDS,
    failedTitle: T.failed,
    checkTitle: T.checkFields,
    toastRefusals: true,
  });
  const busy = record.isPending || form.checking;

  const send = async () => {
    const body = await form.check((schemas) => schemas.maintenanceRecordCreateBody, {
      valveId: valve.id,
      type: 'inspection',
      description,
      findings: findings.trim() || null,
      actionsPerformed: actionsPerformed.trim() || null,
    });
    if (!body) return;
    record.mutate(
      { key: newActionKey(), body },
      {
        onSuccess: (reply) => {
          if (isQueued(reply)) toastQueued(valve.valveId);
          else toast({ title: T.recorded(valve.valveId) });
          onDone(true);
        },
        onError: (error) => form.refuse(error),
      },
    );
  };

  return (
    <form ref={form.ref} onSubmit={(event) => form.submit(event, busy, send)} noValidate className="grid gap-4">
      <p className="text-base text-slate-700">
        Inspection of <span className="font-bold text-slate-900">{valve.valveId}</span>, recorded now.
      </p>
      <FormProblemAlert problem={form.alert} />
      <Field label="What was inspected" required error={form.errors.description}>
        {(control) => (
          <Input
            {...control}
            value={description}
            onChange={(e) => {
              setDescription(e.target.value);
              form.clear('description');
            }}
            placeholder="e.g. Weekly walk-down, leak check"
          />
        )}
      </Field>
      <Field label="Findings" error={form.errors.findings}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={findings}
            onChange={(e) => {
              setFindings(e.target.value);
              form.clear('findings');
            }}
            placeholder="e.g. No leaks, actuator response normal"
          />
        )}
      </Field>
      <Field label="Actions performed" error={form.errors.actionsPerformed}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={actionsPerformed}
            onChange={(e) => {
              setActionsPerformed(e.target.value);
              form.clear('actionsPerformed');
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
