import type { ValveDetail } from '@common/schemas/valves';
import { valveStatusStyle } from '@common/status-styles';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ConflictNotice } from '@/components/conflict-notice';
import { FormActions, FormAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useContractCheck } from '@/components/use-write-form';
import { newActionKey } from '@/lib/action-key';
import { fieldErrors, isStaleVersion, readApiError } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { toast } from '@/lib/toast';
import { useDecommissionValve } from '../api/decommission-valve';
import { valveQuery } from '../api/get-valve';
import { VALVE_WRITE_TEXTS as T } from '../texts';

/** Decommission: a reason and an explicit confirmation; the server refuses while work orders are open. */
export function DecommissionDialog({
  valve,
  open,
  onOpenChange,
}: {
  valve: ValveDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={T.decommissionTitle(valve.valveId)} description="Take this valve out of service for good">
        {open ? <DecommissionForm valve={valve} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DecommissionForm({ valve, onDone }: { valve: ValveDetail; onDone: () => void }) {
  const queryClient = useQueryClient();
  const decommission = useDecommissionValve();
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ValveDetail | null>(null);
  const contract = useContractCheck();
  const busy = decommission.isPending || contract.checking;
  useEffect(() => contractSchemas.valves.preload(), []);

  const send = (version: number) => {
    setRefusal(null);
    decommission.mutate(
      { id: valve.id, key: newActionKey(), body: { version, reason: reason.trim() } },
      {
        onSuccess: (saved) => {
          setConflict(null);
          if (isQueued(saved)) toastQueued(valve.valveId);
          else toast({ title: T.decommissioned(saved.valveId) });
          onDone();
        },
        onError: (error) => {
          const failure = readApiError(error);
          if (isStaleVersion(failure)) {
            const current = failure.current as ValveDetail;
            queryClient.setQueryData(valveQuery(current.id).queryKey, current);
            setConflict(current);
            return;
          }
          setConflict(null);
          toast({ title: T.decommissionFailed, description: failure.message, tone: 'danger' });
          const byField = fieldErrors(failure.issues);
          if (byField.reason) setReasonError(byField.reason);
          else setRefusal(failure.message);
        },
      },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = await contract.check(
      contractSchemas.valves.check((schemas) => schemas.decommissionBody, { version: valve.version, reason }),
    );
    if (checked.body === null) {
      setReasonError(fieldErrors(checked.issues).reason);
      return;
    }
    send(checked.body.version);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="rounded-lg bg-red-50 p-3 text-base text-red-900">
        <span className="font-bold">{valve.valveId}</span> will be taken out of service for good: no more work orders,
        no maintenance schedule, no more edits. Its history stays.
      </p>
      {conflict ? (
        <ConflictNotice
          what="valve"
          yourChange="Decommission it"
          busy={decommission.isPending}
          onReapply={() => {
            const latest = conflict;
            setConflict(null);
            send(latest.version);
          }}
          onDiscard={onDone}
        >
          <p>
            Status now: <span className="font-semibold">{valveStatusStyle(conflict.status).label}</span> ·{' '}
            {conflict.plant} — {conflict.location}
          </p>
        </ConflictNotice>
      ) : null}
      {refusal ? <FormAlert title={T.decommissionFailed}>{refusal}</FormAlert> : null}
      <Field label="Reason" required error={reasonError}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(undefined);
            }}
            placeholder="e.g. Line removed in the 2026 revamp"
          />
        )}
      </Field>
      <label className="flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 text-base">
        <input
          type="checkbox"
          checked={confirmed}
          onChange={(e) => setConfirmed(e.target.checked)}
          className="mt-0.5 size-6 shrink-0 accent-red-700"
        />
        <span>{T.decommissionConfirm(valve.valveId)}</span>
      </label>
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {T.cancel}
        </Button>
        <SubmitButton
          variant="danger"
          busy={busy}
          busyLabel="Decommissioning…"
          disabled={!confirmed || conflict !== null}
        >
          {T.decommissionSubmit}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
