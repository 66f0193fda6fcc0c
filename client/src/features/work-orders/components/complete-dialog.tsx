import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { useState } from 'react';
import { ConflictNotice } from '@/components/conflict-notice';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { SignatureFields } from '@/components/signature-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { useSession } from '@/lib/session/session-query';
import { toast } from '@/lib/toast';
import { useSignOff } from '../api/get-sign-off';
import { MAINTENANCE_TYPE_LABELS, WORK_ORDER_WRITE_TEXTS as T } from '../texts';
import { type CompletionSection, NO_COMPLETION_PART } from './completion-section';
import { useStatusChangeWithConflict, WorkOrderConflictSummary } from './work-order-conflict';

type MaintenanceType = keyof typeof MAINTENANCE_TYPE_LABELS;

/**
 * Complete: what kind of work it was, what was found and what was done; it becomes the valve's history. `Extra` is
 * another feature's part of the completion (the failure report and downtime), passed in where the dialog is used.
 */
export function CompleteDialog({
  workOrder,
  open,
  onOpenChange,
  Extra,
}: {
  workOrder: WorkOrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  Extra?: CompletionSection;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={T.completeTitle} description={`Complete ${workOrder.workOrderId}`}>
        {open ? <CompleteForm workOrder={workOrder} Extra={Extra} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CompleteForm({
  workOrder,
  Extra,
  onDone,
}: {
  workOrder: WorkOrderDetail;
  Extra?: CompletionSection;
  onDone: () => void;
}) {
  const [maintenanceType, setMaintenanceType] = useState<MaintenanceType>('corrective');
  const [findings, setFindings] = useState('');
  const [actionsPerformed, setActionsPerformed] = useState('');
  const [password, setPassword] = useState('');
  // Whoever completes the work signs that they performed it; reviewing and approving are the next steps' meanings.
  const [meaning, setMeaning] = useState<'performed'>('performed');
  const [extra, setExtra] = useState(NO_COMPLETION_PART);
  const { data: signOff } = useSignOff(workOrder.id);
  const form = useContractForm({
    schemas: contractSchemas.workOrders,
    // The signature's password is where any problem with the signature shows.
    fields: ['maintenanceType', 'findings', 'actionsPerformed', ...extra.fields, 'signature.password'],
    failedTitle: T.completeFailed,
    toastRefusals: true,
  });
  const { data: signer } = useSession();
  const change = useStatusChangeWithConflict(workOrder, {
    signerId: signer?.id,
    onQueued: onDone,
    failedTitle: T.completeFailed,
    onRefused: (error) => form.refuse(error),
    onDone: (saved) => {
      toast({
        title: 'Work order completed',
        description: `${saved.workOrderId} is closed and in the valve's history.`,
      });
      onDone();
    },
  });
  const busy = change.isPending || form.checking;

  const send = async () => {
    const checked = await form.check(
      (schemas) => schemas.statusChangeBody,
      {
        version: workOrder.version,
        status: 'completed',
        maintenanceType,
        findings,
        actionsPerformed,
        ...extra.body,
        ...(password && { signature: { password, meaning } }),
      },
      extra.issues,
    );
    if (!checked) return;
    // The hook adds the version it sends to (a re-apply after a conflict goes to the newer one).
    const { version: _checkedAgainst, ...completion } = checked;
    change.submit(completion);
  };

  return (
    <form ref={form.ref} onSubmit={(event) => form.submit(event, busy, send)} noValidate className="grid gap-4">
      <p className="text-base text-slate-700">
        <span className="font-semibold">{workOrder.workOrderId}</span> · {workOrder.title}
      </p>
      {change.conflict ? (
        <ConflictNotice
          what="work order"
          yourChange="Complete it with the findings and actions below"
          busy={change.isPending}
          onReapply={change.reapply}
          onDiscard={onDone}
        >
          <WorkOrderConflictSummary workOrder={change.conflict.current} />
        </ConflictNotice>
      ) : null}
      <FormProblemAlert problem={form.alert} />
      <Field label="Maintenance type" required error={form.errors.maintenanceType}>
        {(control) => (
          <Select
            {...control}
            value={maintenanceType}
            onChange={(e) => setMaintenanceType(e.target.value as MaintenanceType)}
          >
            {Object.entries(MAINTENANCE_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Findings" required error={form.errors.findings}>
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            value={findings}
            onChange={(e) => {
              setFindings(e.target.value);
              form.clear('findings');
            }}
            placeholder="What condition was the valve in?"
          />
        )}
      </Field>
      <Field label="Actions performed" required error={form.errors.actionsPerformed}>
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            value={actionsPerformed}
            onChange={(e) => {
              setActionsPerformed(e.target.value);
              form.clear('actionsPerformed');
            }}
            placeholder="What did you do? Parts replaced, tests passed."
          />
        )}
      </Field>
      {Extra ? <Extra workOrder={workOrder} errors={form.errors} onChange={setExtra} onClear={form.clear} /> : null}
      <SignatureFields
        legend={T.signLegend}
        hint={signOff?.complete ? T.signRequiredHint : T.signHint}
        required={signOff?.complete}
        password={password}
        passwordError={form.errors['signature.password']}
        onPasswordChange={(value) => {
          setPassword(value);
          form.clear('signature.password');
        }}
        meaning={meaning}
        meanings={['performed']}
        onMeaningChange={setMeaning}
      />
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {T.cancel}
        </Button>
        <SubmitButton
          busy={busy}
          busyLabel="Completing…"
          disabled={change.conflict !== null}
          className="bg-green-700 hover:bg-green-800 active:bg-green-900"
        >
          {T.completeSubmit}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
