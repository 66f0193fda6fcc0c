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
  wide = false,
  onClick,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  icon: ReactNode;
  variant?: ButtonVariant;
  large: boolean;
  /** The whole row: Acknowledge, the one an operator reaches for, and a button left alone on its row. */
  wide?: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <Button
      variant={variant}
      size={large ? 'lg' : 'md'}
      className={cn('px-2 whitespace-nowrap sm:px-3', large && 'w-auto', wide && 'col-span-2')}
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

  const secondary = {
    shelve: {
      shown: canShelve && allowed.shelve,
      label: T.shelve,
      busyLabel: ALARM_TEXTS.shelve.busy,
      Icon: BellOff,
      busy: pendingKind === 'shelve',
      onClick: () => setShelving(true),
    },
    unshelve: {
      shown: canShelve && allowed.unshelve,
      label: T.unshelve,
      busyLabel: T.unshelving,
      Icon: BellRing,
      busy: pendingKind === 'unshelve',
      onClick: unshelve,
    },
    'work-order': {
      shown: canRaise,
      label: T.workOrder,
      busyLabel: T.raisingWorkOrder,
      Icon: ClipboardPlus,
      busy: workOrder.isPending,
      onClick: raiseWorkOrder,
    },
  };
  const others = Object.entries(secondary).filter(([, button]) => button.shown);

  if (!canAcknowledge && others.length === 0) return null;
  return (
    <>
      <div className="mt-1 grid grid-cols-2 gap-2">
        {canAcknowledge ? (
          <ActionButton
            variant="primary"
            large={large}
            wide
            busy={pendingKind === 'acknowledge'}
            busyLabel={T.acknowledging}
            icon={<Check className="size-5 shrink-0" aria-hidden="true" />}
            onClick={acknowledge}
          >
            {T.acknowledge}
          </ActionButton>
        ) : null}
        {others.map(([name, { label, busyLabel, Icon, busy, onClick }], index) => (
          <ActionButton
            key={name}
            large={large}
            // Two to a row on a phone; an odd one out takes the row, not half of it.
            wide={others.length % 2 === 1 && index === others.length - 1}
            busy={busy}
            busyLabel={busyLabel}
            icon={<Icon className="size-5 shrink-0" aria-hidden="true" />}
            onClick={onClick}
          >
            {label}
          </ActionButton>
        ))}
      </div>
      {shelving ? <ShelveDialog alarm={alarm} change={change} onClose={() => setShelving(false)} /> : null}
    </>
  );
}
