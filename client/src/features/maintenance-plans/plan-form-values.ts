import type { PlanCreateBody } from '@common/schemas/maintenance-plans';

/** The plan form as typed: text boxes and selects, turned into the contract's body by planBody. */
export type PlanFormValues = {
  title: string;
  priority: string;
  targetKind: 'tags' | 'group';
  valveTags: string;
  plant: string;
  valveType: string;
  triggerKind: 'calendar' | 'meter';
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
    v.triggerKind === 'calendar'
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
