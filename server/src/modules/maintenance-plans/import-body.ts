import type { PlanTarget, PlanTrigger } from '@common/schemas/maintenance-plans';
import type { RowValues } from '../imports';
import { CALENDAR_FIELDS, everyOf, METER_FIELDS, TARGET_FIELDS, tagsOf, triggerEvery } from './import-rows';

/*
 * A plan's flat columns and the contract's nested target and trigger, both ways (issue 32): what a known plan reads
 * as in a register, to compare a row with it, and the plan body a row's changes make. Pure: the names are resolved
 * by import.ts first.
 */

export type PlanParts = { target: PlanTarget; trigger: PlanTrigger };
export type PlanNames = {
  /** A valve's record id → its tag; a procedure's id → its title; a person's id → their email. */
  tagOf: (valveId: number) => string | undefined;
  procedureOf: (id: number) => string | undefined;
  emailOf: (id: number) => string | undefined;
};
export type PlanFlat = PlanParts & {
  title: string;
  description: string;
  priority: string;
  leadDays: number;
  skipIfOpen: boolean;
  timeZone: string;
  active: boolean;
  procedureId: number | null;
  assignedToUserId: number | null;
};

/** A known plan as a register row would say it, in the import's field names. */
export function flatOf(plan: PlanFlat, names: PlanNames): RowValues {
  const { target, trigger } = plan;
  const flat: RowValues = {
    title: plan.title,
    description: plan.description,
    priority: plan.priority,
    leadDays: plan.leadDays,
    skipIfOpen: plan.skipIfOpen,
    timeZone: plan.timeZone,
    active: plan.active,
  };
  const set = (field: string, value: string | number | undefined) => {
    if (value !== undefined) flat[field] = value;
  };
  if (target.valveId !== undefined) set('valve', names.tagOf(target.valveId));
  set('valveType', target.valveType);
  set('plant', target.plant);
  set('valveTags', target.valveTags?.map((t) => t.toUpperCase()).join(', '));
  if (trigger.kind === 'calendar') {
    set('every', triggerEvery(trigger));
    set('startDate', trigger.startDate);
    set('countFrom', trigger.countFrom);
  } else if (trigger.kind === 'meter') {
    set('meter', trigger.meter);
    set('meterEvery', trigger.every);
  }
  if (plan.procedureId !== null) set('procedure', names.procedureOf(plan.procedureId));
  if (plan.assignedToUserId !== null) set('assignedTo', names.emailOf(plan.assignedToUserId));
  return flat;
}

const SCALARS = ['title', 'description', 'priority', 'leadDays', 'skipIfOpen', 'timeZone', 'active'] as const;

export type Problem = { field: string; message: string };

/**
 * The plan body a row makes: every field of a new plan, or only what changes on a known one. A target or trigger
 * the row changes is rebuilt from the row's columns, and the known plan's for the columns the row leaves blank.
 */
export function planChange(
  values: RowValues,
  edit: RowValues,
  current: PlanParts | undefined,
  ids: { valve?: number; procedure?: number; assignee?: number },
): { change: Record<string, unknown>; problems: Problem[] } {
  const change: Record<string, unknown> = {};
  const problems: Problem[] = [];
  for (const field of SCALARS) if (field in edit) change[field] = edit[field];
  if ('procedure' in edit) change.procedureId = ids.procedure;
  if ('assignedTo' in edit) change.assignedToUserId = ids.assignee;

  const group = TARGET_FIELDS.filter((f) => f !== 'valve' && values[f] !== undefined);
  if (values.valve !== undefined && group.length) {
    problems.push({ field: 'valve', message: 'name one valve, or a group by valve type, plant or tags, not both' });
  } else if (TARGET_FIELDS.some((f) => f in edit)) {
    if (values.valve !== undefined) change.target = { valveId: ids.valve };
    else {
      const target: PlanTarget = current && current.target.valveId === undefined ? { ...current.target } : {};
      if (typeof values.valveType === 'string') target.valveType = values.valveType;
      if (typeof values.plant === 'string') target.plant = values.plant;
      if (typeof values.valveTags === 'string') target.valveTags = tagsOf(values.valveTags);
      change.target = target;
    }
  } else if (!current) {
    problems.push({
      field: 'valve',
      message: 'is required: name one valve (Valve), or a group (Valve type, Plant or Valve tags)',
    });
  }

  const calendar = values.every !== undefined;
  const meter = values.meter !== undefined || values.meterEvery !== undefined;
  if (calendar && meter) {
    problems.push({ field: 'every', message: 'give Every, or a Meter and Meter every, not both' });
    return { change, problems };
  }
  const kind = calendar ? 'calendar' : meter ? 'meter' : current?.trigger.kind;
  if (kind !== 'calendar') {
    for (const field of ['startDate', 'countFrom']) {
      if (values[field] !== undefined) {
        problems.push({ field, message: 'applies only to a plan that falls due by the calendar (Every)' });
      }
    }
  }
  const base = current?.trigger.kind === kind ? current?.trigger : undefined;
  if (kind === undefined) {
    problems.push({
      field: 'every',
      message: 'is required: how often the plan falls due (3 months, 1 year, FREQ=...), or a Meter and Meter every',
    });
  } else if (![...CALENDAR_FIELDS, ...METER_FIELDS].some((f) => f in edit)) {
    // The trigger stays as it is.
  } else if (kind === 'calendar') {
    const known = base?.kind === 'calendar' ? base : undefined;
    const every = typeof values.every === 'string' ? values.every : known && triggerEvery(known);
    const startDate = values.startDate ?? known?.startDate;
    if (startDate === undefined) {
      problems.push({ field: 'startDate', message: 'is required with Every: the first day the plan falls due' });
    }
    change.trigger = {
      kind,
      ...(every === undefined ? {} : everyOf(every)),
      startDate,
      countFrom: values.countFrom ?? known?.countFrom ?? 'fixed',
    };
  } else if (kind === 'meter') {
    const known = base?.kind === 'meter' ? base : undefined;
    const meterOf = values.meter ?? known?.meter;
    const every = values.meterEvery ?? known?.every;
    if (meterOf === undefined) {
      problems.push({ field: 'meter', message: 'is required with Meter every: operating hours or cycles' });
    }
    if (every === undefined) {
      problems.push({ field: 'meterEvery', message: 'is required with Meter: the hours or cycles between services' });
    }
    change.trigger = { kind, meter: meterOf, every, lead: known?.lead ?? 0 };
  }
  return { change, problems };
}

const PATH_FIELDS: Record<string, string> = {
  assignedToUserId: 'assignedTo',
  procedureId: 'procedure',
  'target.valveId': 'valve',
  'target.valveType': 'valveType',
  'target.plant': 'plant',
  'target.valveTags': 'valveTags',
  trigger: 'every',
  'trigger.rrule': 'every',
  'trigger.startDate': 'startDate',
  'trigger.countFrom': 'countFrom',
  'trigger.meter': 'meter',
  'trigger.lead': 'meterEvery',
};

/** The import field of a contract path (a schema's issue, or the domain's invalidField). */
export function fieldOfPath(path: readonly PropertyKey[], trigger: unknown): string {
  const [head, next] = path.map(String);
  if (head === 'trigger' && next === 'every') {
    return (trigger as { kind?: string } | undefined)?.kind === 'meter' ? 'meterEvery' : 'every';
  }
  return PATH_FIELDS[next ? `${head}.${next}` : head] ?? PATH_FIELDS[head] ?? head;
}
