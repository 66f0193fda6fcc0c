import type { ValveDetail } from '@common/schemas/valves';
import { valveStatusStyle } from '@common/status-styles';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConflictNotice } from '@/components/conflict-notice';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
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
  const form = useContractForm({
    schemas: contractSchemas.valves,
    fields: ['reason'],
    failedTitle: T.decommissionFailed,
    toastRefusals: true,
    keep: (newer: ValveDetail) => queryClient.setQueryData(valveQuery(newer.id).queryKey, newer),
  });
  const busy = decommission.isPending || form.checking;

  const send = (version: number, checkedReason: string) =>
    decommission.mutate(
      { id: valve.id, key: newActionKey(), body: { version, reason: checkedReason } },
      {
        onSuccess: (saved) => {
          if (isQueued(saved)) toastQueued(valve.valveId);
          else toast({ title: T.decommissioned(saved.valveId) });
          onDone();
        },
        onError: (error) => form.refuse(error),
      },
    );

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.decommissionBody, { version: valve.version, reason });
      if (body) send(body.version, body.reason);
    });

  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4">
      <p className="rounded-lg bg-red-50 p-3 text-base text-red-900">
        <span className="font-bold">{valve.valveId}</span> will be taken out of service for good: no more work orders,
        no maintenance schedule, no more edits. Its history stays.
      </p>
      {form.conflict ? (
        <ConflictNotice
          what="valve"
          yourChange="Decommission it"
          busy={decommission.isPending}
          onReapply={() => form.reapply((newer) => send(newer.version, reason.trim()))}
          onDiscard={onDone}
        >
          <p>
            Status now: <span className="font-semibold">{valveStatusStyle(form.conflict.status).label}</span> ·{' '}
            {form.conflict.plant} — {form.conflict.location}
          </p>
        </ConflictNotice>
      ) : null}
      <FormProblemAlert problem={form.alert} />
      <Field label="Reason" required error={form.errors.reason}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              form.clear('reason');
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
          disabled={!confirmed || form.conflict !== null}
        >
          {T.decommissionSubmit}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
