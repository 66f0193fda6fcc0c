import type { Alarm, AlarmState } from '@common/schemas/alarms';
import { alarmPriorityTone, workOrderStatusStyle } from '@common/status-styles';
import { ClipboardList, Repeat } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { alarmStateWords, clockTime, needsAcknowledging } from '../alarm-words';
import { ALARM_TEXTS } from '../texts';
import { AlarmActions } from './alarm-actions';

const T = ALARM_TEXTS.card;

/**
 * The left edge says the state before a word is read: red for an active alarm nobody has acknowledged, amber for
 * one that returned unacknowledged, grey once seen, pale for alarms kept off the operator's list.
 */
const EDGES: Record<AlarmState, string> = {
  unacknowledged: 'border-l-red-600',
  returned_unacknowledged: 'border-l-amber-500',
  acknowledged: 'border-l-slate-400',
  shelved: 'border-l-slate-200 bg-slate-50',
  suppressed: 'border-l-slate-200 bg-slate-50',
  normal: 'border-l-slate-200 bg-slate-50',
};

/** Critical is solid red, so it stands apart from high even in a glance at a wall across the room. */
function PriorityBadge({ priority, large }: { priority: Alarm['priority']; large: boolean }) {
  const label = ALARM_TEXTS.priority(ALARM_TEXTS.priorities[priority]);
  return (
    <Badge
      tone={alarmPriorityTone(priority)}
      className={cn(priority === 'critical' && 'bg-red-700 text-white ring-red-800', large && 'px-3 py-1 text-lg')}
    >
      {label}
    </Badge>
  );
}

/**
 * One alarm as an operator or a technician on a phone reads it: priority and state first, then the valve and
 * where it is, what changed and what to do, and the buttons the user may use.
 */
export function AlarmCard({ alarm, wall = false }: { alarm: Alarm; wall?: boolean }) {
  const waiting = needsAcknowledging(alarm);
  const clock = (iso: string) => clockTime(iso);
  // On the wall the state and the tag are read from across the room; the rest from a few steps.
  const headline = wall ? 'text-2xl' : 'text-base';
  const body = wall ? 'text-xl' : 'text-base';
  const small = wall ? 'text-lg' : 'text-sm';
  return (
    <Card
      data-testid={`alarm-card-${alarm.id}`}
      className={cn('grid h-full content-start gap-2.5 border-l-8 p-4', EDGES[alarm.state])}
    >
      <div className="flex flex-wrap items-center gap-2">
        <PriorityBadge priority={alarm.priority} large={wall} />
        {alarm.chattering ? (
          <Badge tone="warning" className={cn(wall && 'px-3 py-1 text-lg')}>
            <Repeat className="mr-1 size-4 shrink-0" aria-hidden="true" />
            {T.chattering}
          </Badge>
        ) : null}
        <p
          data-testid="alarm-state"
          className={cn(
            'min-w-0 break-words',
            headline,
            waiting ? 'font-bold text-red-800' : 'font-semibold text-slate-700',
            alarm.state === 'returned_unacknowledged' && 'text-amber-900',
          )}
        >
          {alarmStateWords(alarm, clock)}
        </p>
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 className={cn('font-bold', wall ? 'text-4xl' : 'text-xl')}>
          <Link
            to={`/valves/${alarm.valveId}`}
            className="inline-flex min-h-11 items-center text-brand-700 underline-offset-2 hover:underline"
          >
            {alarm.valveTag}
          </Link>
        </h2>
        <p className={cn('min-w-0 break-words text-slate-700', small)}>
          {alarm.plant} · {alarm.location}
        </p>
      </div>
      <p className={cn('break-words text-slate-900', body, waiting && 'font-semibold')}>{alarm.description}</p>
      {alarm.channels.length > 0 ? (
        <ul aria-label={T.changes} className={cn('grid gap-0.5 text-slate-800', small)}>
          {alarm.channels.map((channel) => (
            <li key={channel.channel} className="break-words">
              {channel.text}
            </li>
          ))}
        </ul>
      ) : null}
      {alarm.fault ? <p className={cn('break-words text-slate-800', small)}>{T.fault(alarm.fault)}</p> : null}
      <p className={cn('break-words text-slate-800', small)}>
        <span className="font-semibold text-slate-900">{T.advice}: </span>
        {alarm.advice}
      </p>
      <p className={cn('text-slate-600', small)}>
        {T.raised(clock(alarm.raisedAt))}
        {alarm.occurrences > 1 ? ` · ${T.repeated(alarm.occurrences, clock(alarm.lastRaisedAt))}` : null} ·{' '}
        {alarm.active || !alarm.clearedAt ? T.stillActive : T.cleared(clock(alarm.clearedAt))}
      </p>
      {alarm.acknowledgedAt && alarm.acknowledgedBy ? (
        <p className={cn('text-slate-600', small)}>
          {T.acknowledgedBy(alarm.acknowledgedBy.name, clock(alarm.acknowledgedAt))}
        </p>
      ) : null}
      {alarm.state === 'shelved' && alarm.shelvedBy ? (
        <p className={cn('text-slate-600', small)}>{T.shelvedBy(alarm.shelvedBy.name)}</p>
      ) : null}
      {alarm.workOrder ? (
        <p className={cn('flex flex-wrap items-center gap-2', small)}>
          <Link
            to={`/work-orders/${alarm.workOrder.id}`}
            className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            <ClipboardList className="size-5 shrink-0" aria-hidden="true" />
            {T.workOrder(alarm.workOrder.workOrderId)}
          </Link>
          <Badge tone={workOrderStatusStyle(alarm.workOrder.status).tone}>
            {workOrderStatusStyle(alarm.workOrder.status).label}
          </Badge>
        </p>
      ) : null}
      <AlarmActions alarm={alarm} large={wall} />
    </Card>
  );
}
