import { WORK_ORDER_PRIORITIES } from '@common/constants';
import type { ValveSummary } from '@common/schemas/valves';
import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { useQueryClient } from '@tanstack/react-query';
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
import type { ValvePickerSlot } from '@/components/valve-picker-slot';
import { newActionKey } from '@/lib/action-key';
import { fieldErrors, isStaleVersion, readApiError, unplacedIssues } from '@/lib/api-error';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { useSession } from '@/lib/session/session-query';
import { useCan } from '@/lib/session/use-can';
import { toast } from '@/lib/toast';
import { useCreateWorkOrder } from '../api/create-work-order';
import { useAssignees } from '../api/get-assignees';
import { workOrderQuery } from '../api/get-work-order';
import { useUpdateWorkOrder } from '../api/update-work-order';
import { priorityLabel, WORK_ORDER_WRITE_TEXTS as T } from '../texts';
import { changedWorkOrderFields, toValues, UNASSIGNED, type Values } from '../work-order-form-values';
import { WorkOrderConflictSummary } from './work-order-conflict';

const FIELDS = ['valveId', 'title', 'description', 'priority', 'dueDate', 'assignedToUserId'];

type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

type WorkOrderFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
} & (
  | {
      /** New: the valve is chosen with the valves feature's picker, which app/ passes in. */
      valvePicker: ValvePickerSlot;
      /** Raised from a valve's screen: that valve, already chosen. */
      valve?: ValveSummary;
      workOrder?: never;
    }
  | {
      /** Edit: the work order, whose valve stays. */
      workOrder: WorkOrderDetail;
      valvePicker?: never;
      valve?: never;
    }
);

/**
 * New Work Order / Create Order, from the dashboard, the action menu, the list and a valve's screen alike; and
 * Edit on a work order's screen (its valve stays).
 */
export function WorkOrderFormDialog({ open, onOpenChange, valve, workOrder, valvePicker }: WorkOrderFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={workOrder ? T.editTitle(workOrder.workOrderId) : T.newTitle}>
        {open ? (
          <WorkOrderForm
            preselected={valve}
            workOrder={workOrder}
            ValvePicker={valvePicker}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  priority: 'Priority',
  dueDate: 'Due date',
  assignedToUserId: 'Assign to',
};

const changedLabels = (before: Values, after: Values) =>
  `edits to ${Object.keys(changedWorkOrderFields(before, after))
    .map((field) => FIELD_LABELS[field] ?? field)
    .join(', ')}`;

function WorkOrderForm({
  preselected,
  workOrder,
  ValvePicker,
  onDone,
}: {
  preselected?: ValveSummary;
  workOrder?: WorkOrderDetail;
  ValvePicker?: ValvePickerSlot;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateWorkOrder();
  const update = useUpdateWorkOrder();
  const busy = create.isPending || update.isPending;
  const [initial] = useState(() => toValues(workOrder));
  const [conflict, setConflict] = useState<WorkOrderDetail | null>(null);
  const { data: user } = useSession();
  const canAssign = useCan('work-orders:assign');
  const assignees = useAssignees(canAssign);
  const formRef = useRef<HTMLFormElement>(null);

  const [valve, setValve] = useState<ValveSummary | null>(preselected ?? null);
  const fixedValve = workOrder?.valve;
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [priority, setPriority] = useState(initial.priority);
  const [dueDate, setDueDate] = useState(initial.dueDate);
  const [assignee, setAssignee] = useState(initial.assignee);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<{ title: string; detail?: string } | null>(null);

  const clear = (field: string) => errors[field] && setErrors((current) => ({ ...current, [field]: undefined }));

  const showErrors = (next: Errors) => {
    setErrors(next);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const onFailure = (error: unknown, failedTitle: string) => {
    const failure = readApiError(error);
    if (isStaleVersion(failure)) {
      const current = failure.current as WorkOrderDetail;
      queryClient.setQueryData(workOrderQuery(current.id).queryKey, current);
      setConflict(current);
      return;
    }
    toast({ title: failedTitle, description: failure.message, tone: 'danger' });
    if (failure.issues.length > 0) {
      showErrors(fieldErrors(failure.issues));
      const rest = unplacedIssues(failure.issues, FIELDS);
      setFormError({ title: T.checkFields, detail: rest.map((i) => `${i.path} ${i.message}`.trim()).join('; ') });
    } else {
      setFormError({ title: failedTitle, detail: failure.message });
    }
  };

  const sendUpdate = (target: WorkOrderDetail) => {
    const changes = changedWorkOrderFields(initial, { title, description, priority, dueDate, assignee });
    update.mutate(
      { id: target.id, key: newActionKey(), body: { ...changes, version: target.version } },
      {
        onSuccess: (saved) => {
          setConflict(null);
          if (isQueued(saved)) toastQueued(target.workOrderId);
          else toast({ title: T.saved(saved.workOrderId) });
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
    const found: Errors = {};
    if (!valve && !fixedValve) found.valveId = 'Choose the valve the work is on.';
    if (!title.trim()) found.title = 'is required';
    if (Object.keys(found).length > 0) {
      showErrors(found);
      setFormError({ title: T.checkFields });
      return;
    }
    if (workOrder) {
      if (
        Object.keys(changedWorkOrderFields(initial, { title, description, priority, dueDate, assignee })).length === 0
      ) {
        toast({ title: T.nothingChanged });
        onDone();
        return;
      }
      sendUpdate(workOrder);
      return;
    }
    if (!valve) return;
    create.mutate(
      {
        key: newActionKey(),
        body: {
          valveId: valve.id,
          title: title.trim(),
          description: description.trim(),
          priority: priority as 'high' | 'medium' | 'low',
          dueDate: dueDate || null,
          assignedToUserId: assignee === UNASSIGNED ? null : Number(assignee),
        },
      },
      {
        onSuccess: (workOrder) => {
          onDone();
          // Kept for later: it has no id yet, so the list (which shows it as pending sync) is where it can be seen.
          if (isQueued(workOrder)) {
            toastQueued(title.trim());
            navigate('/work-orders');
            return;
          }
          toast({ title: T.created(workOrder.workOrderId) });
          navigate(`/work-orders/${workOrder.id}`);
        },
        onError: (error) => onFailure(error, T.createFailed),
      },
    );
  };

  // Without the assign permission a person may still take the work on themselves.
  const people = canAssign ? (assignees.data ?? []) : user ? [{ id: user.id, name: user.name, role: user.role }] : [];
  // Editing keeps the current assignee selectable, even for someone who could not have chosen them.
  const current = workOrder?.assignedToUser;
  if (current && !people.some((p) => p.id === current.id)) people.push({ ...current, role: 'assigned' });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
      {conflict ? (
        <ConflictNotice
          what="work order"
          yourChange={changedLabels(initial, { title, description, priority, dueDate, assignee })}
          busy={update.isPending}
          onReapply={() => {
            const latest = conflict;
            setConflict(null);
            sendUpdate(latest);
          }}
          onDiscard={onDone}
        >
          <WorkOrderConflictSummary workOrder={conflict} />
        </ConflictNotice>
      ) : null}
      {formError ? <FormAlert title={formError.title}>{formError.detail || null}</FormAlert> : null}
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
            clear('valveId');
          }}
          error={errors.valveId}
        />
      ) : null}
      <Field label="Title" required error={errors.title}>
        {(control) => (
          <Input
            {...control}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              clear('title');
            }}
            placeholder="e.g. Packing leak at stem"
          />
        )}
      </Field>
      <Field label="Description" error={errors.description}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="What is wrong, what should be done"
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Priority" required error={errors.priority}>
          {(control) => (
            <Select {...control} value={priority} onChange={(e) => setPriority(e.target.value)}>
              {WORK_ORDER_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {priorityLabel(p)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Due date" error={errors.dueDate}>
          {(control) => <Input {...control} type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} />}
        </Field>
      </div>
      <Field label="Assign to" error={errors.assignedToUserId} hint={canAssign ? undefined : T.assignHint}>
        {(control) => (
          <Select {...control} value={assignee} onChange={(e) => setAssignee(e.target.value)}>
            <option value={UNASSIGNED}>{T.unassigned}</option>
            {people.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.id === user?.id ? T.me(person.name) : `${person.name} (${person.role})`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {T.cancel}
        </Button>
        <SubmitButton busy={busy} busyLabel="Saving…" disabled={conflict !== null}>
          {workOrder ? T.editSubmit : T.create}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
