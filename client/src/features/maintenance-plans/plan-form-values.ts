import { monthlyWeekdayRule, readMonthlyWeekdayRule } from '@common/plan-words';
import type { Plan, PlanCreateBody } from '@common/schemas/maintenance-plans';

/** The plan form as typed: text boxes and selects, turned into the contract's body by planBody. */
export type PlanFormValues = {
  title: string;
  description: string;
  priority: string;
  /** A user's id, or '' for nobody. */
  assignedToUserId: string;
  /** A procedure's id, or '' for none. */
  procedureId: string;
  targetKind: 'tags' | 'group';
  valveTags: string;
  plant: string;
  valveType: string;
  triggerKind: 'calendar' | 'meter' | 'condition';
  every: string;
  unit: string;
  /**
   * How a calendar plan repeats: every N units from the start date, every N months on the nth weekday, or a rule
   * the form cannot offer as a choice (written through the API), kept as it is and shown in words.
   */
  pattern: 'interval' | 'weekday' | 'custom';
  /** 1 to 4, or -1 for the last; and the weekday, 0 for Monday. */
  ordinal: string;
  weekday: string;
  rrule: string;
  startDate: string;
  countFrom: string;
  meter: string;
  meterEvery: string;
  meterLead: string;
  measure: string;
  threshold: string;
  leadDays: string;
  skipIfOpen: boolean;
  timeZone: string;
};

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
const idOrNull = (text: string) => (text === '' ? null : Number(text));

function calendarRhythm(v: PlanFormValues) {
  if (v.pattern === 'custom') return { rrule: v.rrule };
  if (v.pattern === 'weekday' && v.unit === 'month') {
    const count = number(v.every);
    // A count the contract refuses goes as the interval, so the message lands under "Every".
    if (count === undefined || !Number.isInteger(count) || count < 1) return { every: { count, unit: v.unit } };
    return { rrule: monthlyWeekdayRule(count, Number(v.ordinal), Number(v.weekday)) };
  }
  return { every: { count: number(v.every), unit: v.unit } };
}

function trigger(v: PlanFormValues) {
  if (v.triggerKind === 'calendar')
    return { kind: 'calendar', ...calendarRhythm(v), startDate: v.startDate, countFrom: v.countFrom };
  if (v.triggerKind === 'meter')
    return { kind: 'meter', meter: v.meter, every: number(v.meterEvery), lead: number(v.meterLead) ?? 0 };
  return { kind: 'condition', measure: v.measure, threshold: number(v.threshold) };
}

/**
 * The body the form sends: tags split on commas and spaces (as typed: a plant's tags are matched regardless of
 * case), numbers read, the monthly weekday as its rule.
 */
export function planBody(v: PlanFormValues): Partial<PlanCreateBody> {
  const target =
    v.targetKind === 'tags'
      ? {
          valveTags: v.valveTags.split(/[\s,]+/).filter(Boolean),
        }
      : { ...(v.plant && { plant: v.plant }), ...(v.valveType && { valveType: v.valveType }) };
  return {
    title: v.title,
    description: v.description,
    priority: v.priority,
    assignedToUserId: idOrNull(v.assignedToUserId),
    procedureId: idOrNull(v.procedureId),
    target,
    trigger: trigger(v),
    leadDays: number(v.leadDays),
    skipIfOpen: v.skipIfOpen,
    timeZone: v.timeZone,
  } as Partial<PlanCreateBody>;
}

/** A saved calendar rule as the form's choices: the monthly weekday it offers, else kept as a custom rule. */
function rhythmValues(rule: string | undefined, blank: PlanFormValues): Partial<PlanFormValues> {
  if (rule === undefined) return { pattern: 'interval' };
  const weekday = readMonthlyWeekdayRule(rule);
  if (!weekday) return { pattern: 'custom', rrule: rule };
  return {
    pattern: 'weekday',
    every: String(weekday.count),
    unit: 'month',
    ordinal: String(weekday.ordinal),
    weekday: String(weekday.weekday),
    rrule: blank.rrule,
  };
}

/** A saved plan as the form shows it, to change it. */
export function planValues(plan: Plan, blank: PlanFormValues): PlanFormValues {
  const t = plan.trigger;
  const byTags = plan.target.valveTags !== undefined || plan.target.valveId !== undefined;
  return {
    ...blank,
    title: plan.title,
    description: plan.description,
    priority: plan.priority,
    assignedToUserId: plan.assignedToUserId === null ? '' : String(plan.assignedToUserId),
    procedureId: plan.procedureId === null ? '' : String(plan.procedureId),
    targetKind: byTags ? 'tags' : 'group',
    valveTags: (plan.target.valveTags ?? []).join(', '),
    plant: plan.target.plant ?? '',
    valveType: plan.target.valveType ?? '',
    triggerKind: t.kind,
    ...(t.kind === 'calendar' && {
      every: t.every ? String(t.every.count) : blank.every,
      unit: t.every?.unit ?? blank.unit,
      startDate: t.startDate,
      countFrom: t.countFrom,
      ...rhythmValues(t.rrule, blank),
    }),
    ...(t.kind === 'meter' && { meter: t.meter, meterEvery: String(t.every), meterLead: String(t.lead) }),
    ...(t.kind === 'condition' && { measure: t.measure, threshold: String(t.threshold) }),
    leadDays: String(plan.leadDays),
    skipIfOpen: plan.skipIfOpen,
    timeZone: plan.timeZone,
  };
}

/** The form's fields by their contract paths, as drawn for the target and trigger chosen. */
export function fieldsOf(values: PlanFormValues): string[] {
  const target = values.targetKind === 'tags' ? ['target.valveTags'] : ['target.plant', 'target.valveType'];
  const trigger =
    values.triggerKind === 'calendar'
      ? ['trigger.every', 'trigger.unit', 'trigger.rrule', 'trigger.startDate', 'trigger.countFrom', 'leadDays']
      : values.triggerKind === 'meter'
        ? ['trigger.meter', 'trigger.every', 'trigger.lead']
        : ['trigger.measure', 'trigger.threshold', 'leadDays'];
  return ['title', ...target, ...trigger, 'priority', 'assignedToUserId', 'procedureId', 'description'];
}

/** The parts of a changed plan to send: what differs from what it was (a one-valve target the form cannot show stays). */
export function changedParts(values: PlanFormValues, initial: PlanFormValues, version: number) {
  const body = planBody(values) as Record<string, unknown>;
  const before = planBody(initial) as Record<string, unknown>;
  for (const key of ['target', 'trigger'])
    if (JSON.stringify(body[key]) === JSON.stringify(before[key])) delete body[key];
  return { ...body, version };
}
