import type { Alarm } from '@common/schemas/alarms';
import { BellOff, BellRing, Check, ClipboardPlus, Loader2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { newActionKey } from '@/lib/action-key';
import { readApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useCan } from '@/lib/session/use-can';
import { toast } from '@/lib/toast';
import { alarmActions } from '../alarm-words';
import { changeOf, useAlarmWorkOrder, useChangeAlarm } from '../api/alarm-writes';
import { ALARM_TEXTS } from '../texts';
import { ShelveDialog } from './shelve-dialog';

const T = ALARM_TEXTS.actions;

function ActionButton({
  busy,
  busyLabel,
  icon,
  variant = 'outline',
  large,
  onClick,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  icon: ReactNode;
  variant?: ButtonVariant;
  large: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <Button
      variant={variant}
      size={large ? 'lg' : 'md'}
      // Grows to share the row: on a phone the buttons wrap two to a row, each still a wide target for a glove.
      className={cn('grow basis-36', large && 'w-auto')}
      disabled={busy}
      aria-busy={busy}
      onClick={onClick}
    >
      {busy ? <Loader2 className="size-5 animate-spin" aria-hidden="true" /> : icon}
      {busy ? busyLabel : children}
    </Button>
  );
}

/**
 * The alarm's buttons, only those the user may use: acknowledge (alarms:acknowledge), shelve and unshelve
 * (alarms:shelve), and a work order in one tap (work-orders:create) while the alarm has none.
 */
export function AlarmActions({ alarm, large }: { alarm: Alarm; large: boolean }) {
  const navigate = useNavigate();
  const [shelving, setShelving] = useState(false);
  const change = useChangeAlarm(alarm.id);
  const workOrder = useAlarmWorkOrder(alarm.id);
  const allowed = alarmActions(alarm);
  const canAcknowledge = useCan('alarms:acknowledge') && allowed.acknowledge;
  const canShelve = useCan('alarms:shelve');
  const canRaise = useCan('work-orders:create') && allowed.workOrder;
  const pendingKind = change.isPending ? change.variables?.change.kind : undefined;

  const refused = (title: string) => (error: unknown) =>
    toast({ tone: 'danger', title, description: readApiError(error).message });

  const acknowledge = () =>
    change.mutate(changeOf({ kind: 'acknowledge' }), {
      onSuccess: () => toast({ title: T.acknowledged(alarm.valveTag) }),
      onError: refused(T.acknowledgeFailed),
    });
  const unshelve = () =>
    change.mutate(changeOf({ kind: 'unshelve' }), {
      onSuccess: () => toast({ title: T.unshelved(alarm.valveTag) }),
      onError: refused(T.unshelveFailed),
    });
  const raiseWorkOrder = () =>
    workOrder.mutate(newActionKey(), {
      onSuccess: ({ workOrder: raised }) =>
        toast({
          title: T.workOrderRaised(raised.workOrderId, alarm.valveTag),
          action: { label: T.openWorkOrder(raised.workOrderId), onClick: () => navigate(`/work-orders/${raised.id}`) },
        }),
      onError: refused(T.workOrderFailed),
    });

  const buttons = [
    canAcknowledge ? (
      <ActionButton
        key="acknowledge"
        variant="primary"
        large={large}
        busy={pendingKind === 'acknowledge'}
        busyLabel={T.acknowledging}
        icon={<Check className="size-5 shrink-0" aria-hidden="true" />}
        onClick={acknowledge}
      >
        {T.acknowledge}
      </ActionButton>
    ) : null,
    canShelve && allowed.shelve ? (
      <ActionButton
        key="shelve"
        large={large}
        busy={pendingKind === 'shelve'}
        busyLabel={ALARM_TEXTS.shelve.busy}
        icon={<BellOff className="size-5 shrink-0" aria-hidden="true" />}
        onClick={() => setShelving(true)}
      >
        {T.shelve}
      </ActionButton>
    ) : null,
    canShelve && allowed.unshelve ? (
      <ActionButton
        key="unshelve"
        large={large}
        busy={pendingKind === 'unshelve'}
        busyLabel={T.unshelving}
        icon={<BellRing className="size-5 shrink-0" aria-hidden="true" />}
        onClick={unshelve}
      >
        {T.unshelve}
      </ActionButton>
    ) : null,
    canRaise ? (
      <ActionButton
        key="work-order"
        large={large}
        busy={workOrder.isPending}
        busyLabel={T.raisingWorkOrder}
        icon={<ClipboardPlus className="size-5 shrink-0" aria-hidden="true" />}
        onClick={raiseWorkOrder}
      >
        {T.workOrder}
      </ActionButton>
    ) : null,
  ].filter(Boolean);

  if (buttons.length === 0) return null;
  return (
    <>
      <div className="mt-1 flex flex-wrap gap-2">{buttons}</div>
      {shelving ? <ShelveDialog alarm={alarm} change={change} onClose={() => setShelving(false)} /> : null}
    </>
  );
}
