import { valveCodeContradiction } from '@common/constants';
import { areaOfLocation } from '@common/plant-places';
import { valveCreateBody, valveUpdateBody } from '@common/schemas/valves';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { valves } from '../../db/schema';
import type { ImportContext, ImportOutcome, ImportRow, ImportTarget } from '../../lib/imports';
import { tagIn, textArray } from '../../lib/valve-tags';
import { HttpError } from '../../plugins/errors';
import { recordActivity } from '../activity';
import { assertRoomForValve } from '../billing';
import {
  type CheckedRow,
  changesOf,
  columnIn,
  dedupe,
  editOf,
  firstRows,
  issuesOf,
  labelOf,
  once,
  outcomeOf,
  type Refusal,
  type RowValues,
} from '../imports';
import { checkPlantName, checkValveType, placeInTree, plantTimeZones, tagPattern } from '../plants';
import { firstDue, newPlace } from './commands';
import { readValveRow, VALVE_IMPORT_FIELDS } from './import-rows';
import { spellingInUse } from './makers';

/*
 * The valve register imported from a spreadsheet (issue 32): rows keyed by the valve ID people see (V-001-BV); a
 * new ID is a new valve, a known one is updated field by field with every change listed, never overwritten
 * unseen. The same rules as adding or editing one valve by hand (commands.ts), checked once per distinct name so
 * 10,000 rows cost a few dozen catalog reads.
 */

type Current = typeof valves.$inferSelect;
type Checked =
  | (CheckedRow & { kind: 'create'; values: RowValues })
  | (CheckedRow & { kind: 'update'; current: Current; edit: RowValues })
  | { kind: 'unchanged' };

const DAY = 86_400_000;
const CHUNK = 500;
const label = labelOf(VALVE_IMPORT_FIELDS);

/** Which sizes and pressure ratings the database's own parsers (migration 0031) cannot read. */
async function unreadable(db: Database, sizes: string[], ratings: string[]) {
  const read = async (texts: string[], parsed: ReturnType<typeof sql>) => {
    if (!texts.length) return new Set<string>();
    const found = await db.execute(
      sql`select t.text from unnest(${textArray(texts)}::text[]) as t(text) where ${parsed} is null`,
    );
    // Both drivers answer { rows }; the Database type leaves the result unknown.
    return new Set((found as { rows: { text: string }[] }).rows.map((r) => r.text));
  };
  return {
    sizes: await read([...new Set(sizes)], sql`valve_size_dn(t.text)`),
    ratings: await read([...new Set(ratings)], sql`coalesce(valve_pressure_class(t.text), valve_pressure_pn(t.text))`),
  };
}

async function existingValves(db: Database, organizationId: number, tags: string[], lock: boolean) {
  const byTag = new Map<string, Current>();
  for (let i = 0; i < tags.length; i += CHUNK) {
    const query = db
      .select()
      .from(valves)
      .where(and(eq(valves.organizationId, organizationId), tagIn(tags.slice(i, i + CHUNK))));
    for (const valve of await (lock ? query.for('update') : query)) byTag.set(valve.valveId.toLowerCase(), valve);
  }
  return byTag;
}

async function checkRows(db: Database, context: ImportContext, rows: readonly ImportRow[], lock: boolean) {
  const { scope } = context;
  const refused: Refusal[] = [];
  const read = rows.map((row) => ({ row, ...readValveRow(row) }));
  const tags = read.flatMap((r) => (typeof r.values.valveId === 'string' ? [r.values.valveId] : []));
  const [known, pattern, sizesAndRatings] = await Promise.all([
    existingValves(db, scope.organizationId, tags, lock),
    tagPattern(db, scope.organizationId),
    unreadable(
      db,
      read.flatMap((r) => (typeof r.values.size === 'string' ? [r.values.size] : [])),
      read.flatMap((r) => (typeof r.values.pressure === 'string' ? [r.values.pressure] : [])),
    ),
  ]);
  const plantNamed = once((name) => checkPlantName(db, scope.organizationId, name));
  const typeNamed = once((name) => checkValveType(db, scope.organizationId, name));
  const makerSpelled = once((key) => {
    const [manufacturer, model] = key.split('\u0000');
    return spellingInUse(db, scope.organizationId, manufacturer, model);
  });
  const firstRowOf = firstRows();
  const checked: Checked[] = [];

  for (const { row, values, refused: unread } of read) {
    const columnOf = columnIn(row, label);
    const refuse = (field: string, message: string) => unread.push({ row: row.row, column: columnOf(field), message });
    const tag = values.valveId;
    if (typeof tag !== 'string') {
      if (!unread.length) refuse('valveId', 'is required: it says which valve the row is');
      refused.push(...unread);
      continue;
    }
    const first = firstRowOf(tag, row.row);
    if (first !== undefined) refuse('valveId', `${tag} is also in row ${first}: a valve appears once in a file`);
    const current = known.get(tag.toLowerCase());
    if (current && scope.plants && !scope.plants.includes(current.plant)) {
      refuse('valveId', `${current.valveId} is a valve of ${current.plant}, which you may not manage`);
      refused.push(...unread);
      continue;
    }
    if (current?.status === 'decommissioned') {
      refuse('valveId', `${current.valveId} is decommissioned and can no longer be changed`);
      refused.push(...unread);
      continue;
    }
    // What the row would change: every value of a new valve, or the values that differ on a known one.
    const { valveId: _tag, ...fields } = values;
    const edit = editOf(current, fields);
    if (typeof edit.size === 'string' && sizesAndRatings.sizes.has(edit.size)) {
      refuse('size', `"${edit.size}" is not a size we can read (4", NPS 4, 1-1/2", DN100, 100 mm)`);
    }
    if (typeof edit.pressure === 'string' && sizesAndRatings.ratings.has(edit.pressure)) {
      refuse('pressure', `"${edit.pressure}" is not a pressure class we can read (Class 600, CL300, 600#, PN40)`);
    }
    if (typeof edit.plant === 'string') {
      const plant = await plantNamed(edit.plant);
      if ('error' in plant) refuse('plant', `unknown plant "${edit.plant}": ${plant.error}`);
      else if (scope.plants && !scope.plants.includes(plant.value.name)) {
        refuse('plant', `you may only manage valves of ${scope.plants.join(', ')}`);
      } else if (current?.plant === plant.value.name) delete edit.plant;
      else edit.plant = plant.value.name;
    }
    if (typeof edit.type === 'string') {
      const type = await typeNamed(edit.type);
      if ('error' in type) refuse('type', `unknown type "${edit.type}": ${type.error}`);
      else if (current?.type === type.value) delete edit.type;
      else edit.type = type.value;
    }
    const typeRefused = unread.some((r) => r.column === columnOf('type'));
    const type = typeof edit.type === 'string' ? edit.type : current?.type;
    const contradiction = type && !typeRefused ? valveCodeContradiction(tag, type) : null;
    if (contradiction) refuse('type', contradiction);
    if (typeof fields.manufacturer === 'string' && typeof fields.model === 'string' && !current) {
      const spelled = await makerSpelled(`${fields.manufacturer}\u0000${fields.model}`);
      if ('value' in spelled) Object.assign(edit, spelled.value);
    }
    if (!current) {
      if (pattern && !new RegExp(`^(?:${pattern})$`).test(tag)) {
        refuse('valveId', `${tag} does not follow your organization's tag convention (${pattern})`);
      }
      const parsed = valveCreateBody.safeParse({ valveId: tag, ...edit });
      if (!parsed.success) unread.push(...issuesOf(row.row, parsed.error, label));
      if (unread.length) refused.push(...dedupe(unread));
      else checked.push({ kind: 'create', row: row.row, key: tag, values: { ...edit, valveId: tag } });
      continue;
    }
    const parsed = valveUpdateBody.omit({ version: true }).safeParse(edit);
    if (!parsed.success) unread.push(...issuesOf(row.row, parsed.error, label));
    if (unread.length) refused.push(...dedupe(unread));
    else if (Object.keys(edit).length === 0) checked.push({ kind: 'unchanged' });
    else {
      checked.push({
        kind: 'update',
        row: row.row,
        key: current.valveId,
        fields: changesOf(current, edit),
        current,
        edit,
      });
    }
  }
  return { checked, refused };
}

async function room(db: Database, organizationId: number, creates: { values: RowValues }[]) {
  try {
    for (const plant of new Set(creates.map((c) => String(c.values.plant)))) {
      await assertRoomForValve(db, organizationId, plant, { adding: creates.length });
    }
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
}

async function write(db: Database, context: ImportContext, creates: CreateRow[], updates: UpdateRow[]) {
  const { scope, actor, fileName } = context;
  const places = await placeInTree(
    db,
    scope.organizationId,
    creates.map(({ values }) => ({
      plant: String(values.plant),
      area: typeof values.area === 'string' ? values.area : areaOfLocation(String(values.location)),
      system: String(values.system),
    })),
  );
  const made: { id: number; plant: string }[] = [];
  for (let i = 0; i < creates.length; i += CHUNK) {
    const batch = creates.slice(i, i + CHUNK).map(({ values }, j) => {
      const body = valveCreateBody.parse(values);
      return {
        ...body,
        ...places[i + j],
        organizationId: scope.organizationId,
        nextMaintenance: firstDue(body),
      };
    });
    made.push(...(await db.insert(valves).values(batch).returning({ id: valves.id, plant: valves.plant })));
  }
  for (const { current, edit } of updates) {
    const place = await newPlace(db, scope.organizationId, current, edit);
    await db
      .update(valves)
      .set({ ...edit, ...place, version: current.version + 1, updatedAt: new Date() })
      .where(eq(valves.id, current.id));
  }
  // One line per plant in the feed, not one per valve: an import of a register is one event to the people there.
  const tell = async (type: 'valve_added' | 'valve_updated', verb: string, list: { id: number; plant: string }[]) => {
    const perPlant = new Map<string, number[]>();
    for (const { id, plant } of list) perPlant.set(plant, [...(perPlant.get(plant) ?? []), id]);
    for (const [plant, ids] of perPlant) {
      await recordActivity(db, {
        organizationId: scope.organizationId,
        type,
        description: `${ids.length} valve${ids.length === 1 ? '' : 's'} ${verb} by ${actor.name} from ${fileName}`,
        entityType: 'valve',
        entityId: ids[0],
        plant,
      });
    }
  };
  await tell('valve_added', 'imported', made);
  await tell(
    'valve_updated',
    'updated',
    updates.map((u) => ({ id: u.current.id, plant: String(u.edit.plant ?? u.current.plant) })),
  );
}

type CreateRow = Extract<Checked, { kind: 'create' }>;
type UpdateRow = Extract<Checked, { kind: 'update' }>;

export const valveImport: ImportTarget = {
  kind: 'valves',
  fields: VALVE_IMPORT_FIELDS,
  async example(db, scope) {
    const plant = scope.plants?.[0] ?? [...(await plantTimeZones(db, scope.organizationId)).keys()][0] ?? '';
    return {
      valveId: 'V-101-GV',
      type: 'Gate Valve',
      size: '6"',
      pressure: 'Class 300',
      plant,
      area: 'Unit 1',
      system: 'Cooling Water',
      location: 'Unit 1, Pump House, Line 4',
      manufacturer: 'Velan',
      model: 'GTW-300',
      bodyMaterial: 'ASTM A216 WCB',
      trimMaterial: '13% Cr',
      endConnection: 'Flanged RF',
      maintenanceIntervalDays: '6 months',
      nextMaintenance: new Date(Date.now() + 90 * DAY).toISOString().slice(0, 10),
      status: 'active',
      specifications: '',
    };
  },
  async run(db, context, rows, shouldWrite): Promise<ImportOutcome> {
    const { checked, refused } = await checkRows(db, context, rows, shouldWrite);
    const creates = checked.filter((c): c is CreateRow => c.kind === 'create');
    const updates = checked.filter((c): c is UpdateRow => c.kind === 'update');
    const blockedBy = creates.length ? await room(db, context.scope.organizationId, creates) : null;
    if (shouldWrite) {
      if (blockedBy) throw new HttpError(403, blockedBy);
      await write(db, context, creates, updates);
    }
    const outcome = outcomeOf(rows.length, checked, refused, blockedBy);
    // The contract names a valve import's key valveId.
    return {
      ...outcome,
      changes: outcome.changes.map((change) => ({ ...change, valveId: change.key })),
      creates: outcome.creates.map((create) => ({ ...create, valveId: create.key })),
    };
  },
};
