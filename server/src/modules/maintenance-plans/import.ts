import { planCreateBody, planUpdateBody } from '@common/schemas/maintenance-plans';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maintenancePlans, procedures, users, valves } from '../../db/schema';
import type { ImportContext, ImportOutcome, ImportRow, ImportTarget } from '../../lib/imports';
import { type Scope, valvesInScope } from '../../lib/scope';
import { tagIn } from '../../lib/valve-tags';
import { HttpError } from '../../plugins/errors';
import {
  type CheckedRow,
  changesOf,
  columnIn,
  dedupe,
  editOf,
  firstRows,
  labelOf,
  once,
  outcomeOf,
  type Refusal,
} from '../imports';
import { checkPlantName, checkValveType } from '../plants';
import { changePlan, checkPlanInput, insertPlan } from './commands';
import { generateDueWorkOrders } from './generate';
import { fieldOfPath, flatOf, type PlanNames, planChange } from './import-body';
import { PLAN_IMPORT_FIELDS, readPlanRow, TARGET_FIELDS, tagsOf } from './import-rows';
import { valvesOfTarget } from './targets';

/*
 * The preventive plans imported from a register (issue 32): rows keyed by the plan's title, which people see (two
 * plans of one title make the row ambiguous, refused). A new title is a new plan, a known one is changed field by
 * field, each through the same commands as one plan written by hand (commands.ts): plant scope, procedure and
 * assignee, recurrence rule, first occurrences.
 */

type Current = typeof maintenancePlans.$inferSelect;
type Checked =
  | (CheckedRow & { kind: 'create'; change: Record<string, unknown> })
  | (CheckedRow & { kind: 'update'; current: Current; change: Record<string, unknown> })
  | { kind: 'unchanged' };

const DAY = 86_400_000;
const label = labelOf(PLAN_IMPORT_FIELDS);

/** The organization's plans by title (lower case), its people and procedures, and the valves the rows name. */
async function lookups(db: Database, scope: Scope, tags: string[], lock: boolean) {
  const { organizationId } = scope;
  const plans = db.select().from(maintenancePlans).where(eq(maintenancePlans.organizationId, organizationId));
  const [known, people, written, named] = await Promise.all([
    lock ? plans.for('update') : plans,
    db
      .select({ id: users.id, email: users.email, name: users.name, active: users.active })
      .from(users)
      .where(eq(users.organizationId, organizationId)),
    db
      .select({ id: procedures.id, name: procedures.name })
      .from(procedures)
      .where(eq(procedures.organizationId, organizationId)),
    tags.length
      ? db
          .select({ id: valves.id, valveId: valves.valveId })
          .from(valves)
          .where(and(valvesInScope(scope), tagIn(tags)))
      : [],
  ]);
  const byTitle = new Map<string, Current[]>();
  for (const plan of known)
    byTitle.set(plan.title.toLowerCase(), [...(byTitle.get(plan.title.toLowerCase()) ?? []), plan]);
  const planned = [...new Set(known.flatMap((p) => (p.target.valveId === undefined ? [] : [p.target.valveId])))];
  const tagById = new Map(
    (planned.length
      ? await db
          .select({ id: valves.id, valveId: valves.valveId })
          .from(valves)
          .where(and(eq(valves.organizationId, organizationId), inArray(valves.id, planned)))
      : []
    ).map((v) => [v.id, v.valveId]),
  );
  const names: PlanNames = {
    tagOf: (id) => tagById.get(id),
    procedureOf: (id) => written.find((p) => p.id === id)?.name,
    emailOf: (id) => people.find((p) => p.id === id)?.email,
  };
  return { byTitle, people, written, valveByTag: new Map(named.map((v) => [v.valveId.toLowerCase(), v])), names };
}

/** A person by email, or by name when only one active person has it. */
function personNamed(people: { id: number; email: string; name: string; active: boolean }[], text: string) {
  const wanted = text.toLowerCase();
  const active = people.filter((p) => p.active);
  const byEmail = active.find((p) => p.email.toLowerCase() === wanted);
  if (byEmail) return byEmail;
  const byName = active.filter((p) => p.name.toLowerCase() === wanted);
  if (byName.length === 1) return byName[0];
  return byName.length
    ? `${byName.length} people are named "${text}": give their email`
    : `unknown person "${text}": name an active user of your organization by email or name`;
}

async function checkRows(db: Database, context: ImportContext, rows: readonly ImportRow[], lock: boolean) {
  const { scope } = context;
  const refused: Refusal[] = [];
  const read = rows.map((row) => ({ row, ...readPlanRow(row) }));
  const tags = read.flatMap(({ values: v }) => [
    ...(typeof v.valve === 'string' ? [v.valve] : []),
    ...(typeof v.valveTags === 'string' ? tagsOf(v.valveTags) : []),
  ]);
  const { byTitle, people, written, valveByTag, names } = await lookups(db, scope, [...new Set(tags)], lock);
  const plantNamed = once((name) => checkPlantName(db, scope.organizationId, name));
  const typeNamed = once((name) => checkValveType(db, scope.organizationId, name));
  const firstRowOf = firstRows();
  const checked: Checked[] = [];

  for (const { row, values, refused: unread } of read) {
    const columnOf = columnIn(row, label);
    const refuse = (field: string, message: string) => unread.push({ row: row.row, column: columnOf(field), message });
    const title = values.title;
    if (typeof title !== 'string') {
      if (!unread.length) refuse('title', 'is required: it says which plan the row is');
      refused.push(...unread);
      continue;
    }
    const first = firstRowOf(title, row.row);
    if (first !== undefined) refuse('title', `"${title}" is also in row ${first}: a plan appears once in a file`);
    const same = byTitle.get(title.toLowerCase()) ?? [];
    if (same.length > 1) {
      refuse('title', `${same.length} plans are titled "${same[0].title}": rename one so that the row names one plan`);
      refused.push(...unread);
      continue;
    }
    const current = same[0];
    if (current && scope.plants && !(await valvesOfTarget(db, scope, current.target)).length) {
      refuse('title', `"${current.title}" plans valves of plants you may not manage`);
      refused.push(...unread);
      continue;
    }
    // The row's names as the organization spells them, and the records they are.
    const ids: { valve?: number; procedure?: number; assignee?: number } = {};
    if (typeof values.valve === 'string') {
      const valve = valveByTag.get(values.valve.toLowerCase());
      if (valve) [ids.valve, values.valve] = [valve.id, valve.valveId];
      else refuse('valve', `unknown valve ${values.valve}`);
    }
    if (typeof values.valveTags === 'string') {
      const listed = tagsOf(values.valveTags);
      const unknown = listed.filter((t) => !valveByTag.has(t.toLowerCase()));
      if (unknown.length) refuse('valveTags', `unknown valves: ${unknown.join(', ')}`);
      else values.valveTags = listed.map((t) => valveByTag.get(t.toLowerCase())?.valveId ?? t).join(', ');
    }
    if (typeof values.plant === 'string') {
      const plant = await plantNamed(values.plant);
      if ('error' in plant) refuse('plant', `unknown plant "${values.plant}": ${plant.error}`);
      else if (scope.plants && !scope.plants.includes(plant.value.name)) {
        refuse('plant', `you may only plan valves of ${scope.plants.join(', ')}`);
      } else values.plant = plant.value.name;
    }
    if (typeof values.valveType === 'string') {
      const type = await typeNamed(values.valveType);
      if ('error' in type) refuse('valveType', `unknown valve type "${values.valveType}": ${type.error}`);
      else values.valveType = type.value;
    }
    if (typeof values.procedure === 'string') {
      const wanted = values.procedure.toLowerCase();
      const procedure = written.find((p) => p.name.toLowerCase() === wanted);
      if (procedure) [ids.procedure, values.procedure] = [procedure.id, procedure.name];
      else refuse('procedure', `unknown procedure "${values.procedure}": name one of your procedures by its title`);
    }
    if (typeof values.assignedTo === 'string') {
      const person = personNamed(people, values.assignedTo);
      if (typeof person === 'string') refuse('assignedTo', person);
      else [ids.assignee, values.assignedTo] = [person.id, person.email];
    }
    if (unread.length) {
      refused.push(...dedupe(unread));
      continue;
    }

    const flat = current && flatOf(current, names);
    const edit = editOf(flat, values);
    if (current && !Object.keys(edit).length) {
      checked.push({ kind: 'unchanged' });
      continue;
    }
    const { change, problems } = planChange(values, edit, current, ids);
    for (const p of problems) refuse(p.field, p.message);
    const parsed = (current ? planUpdateBody.omit({ version: true }) : planCreateBody).safeParse(change);
    const pathRefusal = (path: readonly PropertyKey[], message: string) => {
      const field = fieldOfPath(path, change.trigger ?? current?.trigger);
      refuse(field === 'target' ? (TARGET_FIELDS.find((f) => values[f] !== undefined) ?? 'valve') : field, message);
    };
    if (!parsed.success) for (const issue of parsed.error.issues) pathRefusal(issue.path, issue.message);
    if (!unread.length && parsed.success) {
      const body = parsed.data;
      try {
        await checkPlanInput(db, scope, {
          target: body.target ?? (current?.target as NonNullable<typeof body.target>),
          trigger: body.trigger ?? (current?.trigger as NonNullable<typeof body.trigger>),
          assignedToUserId: body.assignedToUserId,
          procedureId: body.procedureId,
        });
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        const issue = error.extra.issues?.[0];
        if (issue) pathRefusal(issue.path.split('.'), issue.message);
        else refuse('valve', error.message);
      }
    }
    if (unread.length) refused.push(...dedupe(unread));
    else if (current) {
      checked.push({
        kind: 'update',
        row: row.row,
        key: current.title,
        fields: changesOf(flat ?? {}, edit),
        current,
        change,
      });
    } else checked.push({ kind: 'create', row: row.row, key: title, change });
  }
  return { checked, refused };
}

type CreateRow = Extract<Checked, { kind: 'create' }>;
type UpdateRow = Extract<Checked, { kind: 'update' }>;

export const planImport: ImportTarget = {
  kind: 'plans',
  fields: PLAN_IMPORT_FIELDS,
  async example(db, scope) {
    // A group the organization has, so the template's row reads back as a plan covering valves.
    const [valve] = await db
      .select({ type: valves.type, plant: valves.plant })
      .from(valves)
      .where(and(valvesInScope(scope), ne(valves.status, 'decommissioned')))
      .orderBy(valves.valveId)
      .limit(1);
    return {
      title: 'Annual inspection',
      description: 'Inspect for leaks, check the operator and the position indication.',
      priority: 'medium',
      valveType: valve?.type ?? 'Gate Valve',
      plant: valve?.plant ?? '',
      every: '1 year',
      startDate: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10),
      countFrom: 'fixed',
      leadDays: '14',
      skipIfOpen: 'yes',
      active: 'yes',
    };
  },
  async run(db, context, rows, shouldWrite): Promise<ImportOutcome> {
    const { checked, refused } = await checkRows(db, context, rows, shouldWrite);
    const creates = checked.filter((c): c is CreateRow => c.kind === 'create');
    const updates = checked.filter((c): c is UpdateRow => c.kind === 'update');
    if (shouldWrite) {
      const { scope, actor } = context;
      const now = new Date();
      for (const { change } of creates) await insertPlan(db, scope, actor, planCreateBody.parse(change), now);
      for (const { current, change } of updates) {
        await changePlan(db, scope, current.id, planUpdateBody.parse({ ...change, version: current.version }), now);
      }
      // What the plans make due is raised once for the file, as one plan's save raises it.
      if (creates.length || updates.length) await generateDueWorkOrders(db, now, scope.organizationId);
    }
    return outcomeOf(rows.length, checked, refused);
  },
};
