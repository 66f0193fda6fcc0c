import { WORK_ORDER_PRIORITIES } from '@common/constants';
import type { ValveSummary } from '@common/schemas/valves';
import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { AmendmentFields } from '@/components/amendment-fields';
import { ConflictNotice } from '@/components/conflict-notice';
import { FormActions, FormAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeletons } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/components/use-contract-form';
import type { ValvePickerSlot } from '@/components/valve-picker-slot';
import { newActionKey } from '@/lib/action-key';
import { contractSchemas } from '@/lib/contract-schemas';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { usePeople } from '@/lib/people';
import { plantZone, usePlants } from '@/lib/plants';
import { useSession } from '@/lib/session/session-query';
import { useCan } from '@/lib/session/use-can';
import { toast } from '@/lib/toast';
import type { WorkOrderDraft } from '@/lib/work-order-draft';
import { useCreateWorkOrder } from '../api/create-work-order';
import { workOrderQuery } from '../api/get-work-order';
import { useUpdateWorkOrder } from '../api/update-work-order';
import { priorityLabel, WORK_ORDER_WRITE_TEXTS as T } from '../texts';
import {
  changedLabels,
  changedWorkOrderFields,
  toCreateBody,
  toValues,
  UNASSIGNED,
  type Values,
} from '../work-order-form-values';
import { WorkOrderConflictSummary } from './work-order-conflict';

/** The form's fields as the contract names them. */
const FIELDS = [
  'valveId',
  'title',
  'description',
  'priority',
  'dueDate',
  'assignedToUserId',
  'amendment.reason',
  'amendment.password',
];

type WorkOrderFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
} & (
  | {
      /** New: the valve is chosen with the valves feature's picker, which app/ passes in. */
      valvePicker: ValvePickerSlot;
      /** Raised from a valve's screen: that valve, already chosen. */
      valve?: ValveSummary;
      /** Filled in by the screen that raised it (analytics' advice). */
      draft?: WorkOrderDraft | null;
      workOrder?: never;
      amend?: never;
    }
  | {
      /** Edit: the work order, whose valve stays. */
      workOrder: WorkOrderDetail;
      /** The order is signed: the edit is an amendment, with its reason and the editor's signature. */
      amend?: boolean;
      valvePicker?: never;
      valve?: never;
      draft?: never;
    }
);

/**
 * New Work Order / Create Order, from the dashboard, the action menu, the list and a valve's screen alike; and
 * Edit on a work order's screen (its valve stays).
 */
export function WorkOrderFormDialog({
  open,
  onOpenChange,
  valve,
  draft,
  workOrder,
  amend,
  valvePicker,
}: WorkOrderFormDialogProps) {
  const title = !workOrder
    ? T.newTitle
    : amend
      ? T.amendTitle(workOrder.workOrderId)
      : T.editTitle(workOrder.workOrderId);
  // An order's due day is its plant's: an edit opens once the plant's zone is known.
  const plants = usePlants();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title}>
        {open && workOrder && plants.isPending ? (
          <Skeletons count={3} label={T.loadingPlant} itemClassName="h-16" />
        ) : open ? (
          <WorkOrderForm
            preselected={valve}
            draft={draft ?? undefined}
            workOrder={workOrder}
            amend={amend}
            ValvePicker={valvePicker}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function WorkOrderForm({
  preselected,
  draft,
  workOrder,
  amend,
  ValvePicker,
  onDone,
}: {
  preselected?: ValveSummary;
  draft?: WorkOrderDraft;
  workOrder?: WorkOrderDetail;
  amend?: boolean;
  ValvePicker?: ValvePickerSlot;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateWorkOrder();
  const update = useUpdateWorkOrder();
  const plants = usePlants().data;
  const [initial] = useState(() => toValues(workOrder, plantZone(plants, workOrder?.valve.plant ?? '')));
  const [values, setValues] = useState<Values>(() => ({ ...initial, ...draft }));
  const [amendment, setAmendment] = useState({ reason: '', password: '' });
  const { data: user } = useSession();
  const canAssign = useCan('work-orders:assign');
  const assignees = usePeople({ enabled: canAssign });
  const form = useContractForm({
    schemas: contractSchemas.workOrders,
    fields: FIELDS,
    failedTitle: T.saveFailed,
    toastRefusals: true,
    checkTitle: T.checkFields,
    keep: (newer: WorkOrderDetail) => queryClient.setQueryData(workOrderQuery(newer.id).queryKey, newer),
  });
  const busy = create.isPending || update.isPending || form.checking;

  const [valve, setValve] = useState<ValveSummary | null>(preselected ?? null);
  const fixedValve = workOrder?.valve;

  const set = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clear(field === 'assignee' ? 'assignedToUserId' : field);
  };

  const sendUpdate = async (target: WorkOrderDetail) => {
    const body = await form.check((schemas) => schemas.workOrderUpdateBody, {
      ...changedWorkOrderFields(initial, values),
      version: target.version,
      ...(amend && { amendment: { ...amendment, meaning: 'performed' } }),
    });
    if (!body) return;
    update.mutate(
      { id: target.id, key: newActionKey(), body },
      {
        onSuccess: form.saved(target.workOrderId, (saved: WorkOrderDetail) => T.saved(saved.workOrderId), onDone),
        onError: (error) => form.refuse(error, T.saveFailed),
      },
    );
  };

  // No valve chosen yet: the picker says so (the contract's 'must be a number' would not help).
  const sendCreate = async () => {
    const body = await form.check(
      (schemas) => schemas.workOrderCreateBody,
      toCreateBody(valve?.id, values),
      valve ? [] : [{ path: 'valveId', message: T.chooseValve }],
    );
    if (!body) return;
    create.mutate(
      { key: newActionKey(), body },
      {
        onSuccess: (created) => {
          onDone();
          // Kept for later: it has no id yet, so the list (which shows it as pending sync) is where it can be seen.
          if (isQueued(created)) {
            toastQueued(body.title);
            navigate('/work-orders');
            return;
          }
          toast({ title: T.created(created.workOrderId) });
          navigate(`/work-orders/${created.id}`);
        },
        onError: (error) => form.refuse(error, T.createFailed),
      },
    );
  };

  const submit = (event: FormEvent) =>
    form.submitRecord(event, {
      busy,
      editing: workOrder,
      changed: () => Object.keys(changedWorkOrderFields(initial, values)).length > 0,
      create: () => void sendCreate(),
      update: (target) => void sendUpdate(target),
      nothingChanged: T.nothingChanged,
      onDone,
    });

  // Without the assign permission a person may still take the work on themselves.
  const people = canAssign ? (assignees.data ?? []) : user ? [{ id: user.id, name: user.name, role: user.role }] : [];
  // Editing keeps the current assignee selectable, even for someone who could not have chosen them.
  const current = workOrder?.assignedToUser;
  if (current && !people.some((p) => p.id === current.id)) people.push({ ...current, role: 'assigned' });

  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4">
      {form.conflict ? (
        <ConflictNotice
          what="work order"
          yourChange={changedLabels(initial, values)}
          busy={update.isPending}
          onReapply={() => form.reapply((newer) => void sendUpdate(newer))}
          onDiscard={onDone}
        >
          <WorkOrderConflictSummary workOrder={form.conflict} />
        </ConflictNotice>
      ) : null}
      {form.alert ? <FormAlert title={form.alert.title}>{form.alert.detail || null}</FormAlert> : null}
      {fixedValve ? (
        <p className="text-base text-slate-700">
          Valve <span className="font-bold text-slate-900">{fixedValve.valveId}</span> · {fixedValve.plant} —{' '}
          {fixedValve.location}
        </p>
      ) : ValvePicker ? (
        <ValvePicker
          value={valve}
          onChange={(next) => {
            setValve(next);
            form.clear('valveId');
          }}
          error={form.errors.valveId}
        />
      ) : null}
      <Field label="Title" required error={form.errors.title}>
        {(control) => (
          <Input
            {...control}
            value={values.title}
            onChange={(e) => set('title')(e.target.value)}
            placeholder="e.g. Packing leak at stem"
          />
        )}
      </Field>
      <Field label="Description" error={form.errors.description}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={values.description}
            onChange={(e) => set('description')(e.target.value)}
            placeholder="What is wrong, what should be done"
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Priority" required error={form.errors.priority}>
          {(control) => (
            <Select {...control} value={values.priority} onChange={(e) => set('priority')(e.target.value)}>
              {WORK_ORDER_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {priorityLabel(p)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Due date" error={form.errors.dueDate}>
          {(control) => (
            <Input {...control} type="date" value={values.dueDate} onChange={(e) => set('dueDate')(e.target.value)} />
          )}
        </Field>
      </div>
      <Field label="Assign to" error={form.errors.assignedToUserId} hint={canAssign ? undefined : T.assignHint}>
        {(control) => (
          <Select {...control} value={values.assignee} onChange={(e) => set('assignee')(e.target.value)}>
            <option value={UNASSIGNED}>{T.unassigned}</option>
            {people.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.id === user?.id ? T.me(person.name) : `${person.name} (${person.role})`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {amend ? (
        <AmendmentFields
          value={amendment}
          errors={form.errors}
          onChange={(field, text) => {
            setAmendment((a) => ({ ...a, [field]: text }));
            form.clear(`amendment.${field}`);
          }}
        />
      ) : null}
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {T.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel="Saving…" disabled={form.conflict !== null}>
          {!workOrder ? T.create : amend ? T.amendSubmit : T.editSubmit}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
