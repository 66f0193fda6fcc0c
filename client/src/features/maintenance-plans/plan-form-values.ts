import type { Plan, PlanCreateBody } from '@common/schemas/maintenance-plans';

/** The plan form as typed: text boxes and selects, turned into the contract's body by planBody. */
export type PlanFormValues = {
  title: string;
  priority: string;
  targetKind: 'tags' | 'group';
  valveTags: string;
  plant: string;
  valveType: string;
  /** A condition plan's trigger is kept as it is: the form changes the rest of it. */
  triggerKind: 'calendar' | 'meter' | 'condition';
  every: string;
  unit: string;
  rrule: string;
  startDate: string;
  countFrom: string;
  meter: string;
  meterEvery: string;
  meterLead: string;
  leadDays: string;
  skipIfOpen: boolean;
  timeZone: string;
};

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The body the form sends: tags split on commas and spaces, numbers read, an RRULE in place of the interval. */
export function planBody(v: PlanFormValues): Partial<PlanCreateBody> {
  const target =
    v.targetKind === 'tags'
      ? {
          valveTags: v.valveTags
            .split(/[\s,]+/)
            .filter(Boolean)
            .map((t) => t.toUpperCase()),
        }
      : { ...(v.plant && { plant: v.plant }), ...(v.valveType && { valveType: v.valveType }) };
  const trigger =
    v.triggerKind === 'condition'
      ? undefined
      : v.triggerKind === 'calendar'
        ? {
            kind: 'calendar',
            ...(v.rrule.trim() ? { rrule: v.rrule.trim() } : { every: { count: number(v.every), unit: v.unit } }),
            startDate: v.startDate,
            countFrom: v.countFrom,
          }
        : { kind: 'meter', meter: v.meter, every: number(v.meterEvery), lead: number(v.meterLead) ?? 0 };
  return {
    title: v.title,
    priority: v.priority,
    target,
    trigger,
    leadDays: number(v.leadDays),
    skipIfOpen: v.skipIfOpen,
    timeZone: v.timeZone,
  } as Partial<PlanCreateBody>;
}

/** A saved plan as the form shows it, to change it. */
export function planValues(plan: Plan, blank: PlanFormValues): PlanFormValues {
  const t = plan.trigger;
  const byTags = plan.target.valveTags !== undefined || plan.target.valveId !== undefined;
  return {
    ...blank,
    title: plan.title,
    priority: plan.priority,
    targetKind: byTags ? 'tags' : 'group',
    valveTags: (plan.target.valveTags ?? []).join(', '),
    plant: plan.target.plant ?? '',
    valveType: plan.target.valveType ?? '',
    triggerKind: t.kind,
    ...(t.kind === 'calendar' && {
      every: t.every ? String(t.every.count) : blank.every,
      unit: t.every?.unit ?? blank.unit,
      rrule: t.rrule ?? '',
      startDate: t.startDate,
      countFrom: t.countFrom,
    }),
    ...(t.kind === 'meter' && { meter: t.meter, meterEvery: String(t.every), meterLead: String(t.lead) }),
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
      ? ['trigger.every', 'trigger.unit', 'trigger.rrule', 'trigger.startDate', 'trigger.countFrom']
      : values.triggerKind === 'meter'
        ? ['trigger.meter', 'trigger.every', 'trigger.lead']
        : [];
  return ['title', ...target, ...trigger, 'leadDays', 'priority'];
}

/** The parts of a changed plan to send: what differs from what it was (a one-valve target the form cannot show stays). */
export function changedParts(values: PlanFormValues, initial: PlanFormValues, version: number) {
  const body = planBody(values) as Record<string, unknown>;
  const before = planBody(initial) as Record<string, unknown>;
  for (const key of ['target', 'trigger'])
    if (JSON.stringify(body[key]) === JSON.stringify(before[key])) delete body[key];
  return { ...body, version };
}
