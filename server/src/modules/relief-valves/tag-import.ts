import { cmp, type PressureUnit, pascals, shown } from '@common/relief-valves/exact';
import { MAX_INTERVAL_MONTHS } from '@common/relief-valves/intervals';
import { reliefTagBody, reliefTagUpdateBody } from '@common/schemas/relief-valves';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { reliefTags, valves } from '../../db/schema';
import type { ImportContext, ImportRow, ImportTarget } from '../../lib/imports';
import { valvesInScope } from '../../lib/scope';
import { lowerIn, tagIn } from '../../lib/valve-tags';
import {
  type CheckedRow,
  changesOf,
  columnIn,
  dedupe,
  editOf,
  type FieldChange,
  firstRows,
  issuesOf,
  labelOf,
  once,
  outcomeOf,
  type Refusal,
} from '../imports';
import { checkPlantName, plantTimeZones } from '../plants';
import { checkMaxInterval, checkTagValve, createTag } from './commands';
import { updateTag } from './edit-commands';
import { byKey, CHUNK, complaintOf } from './import-common';

import { RELIEF_TAG_FIELDS, readTagRow } from './import-rows';
import { exactSet } from './judge';

/*
 * Relief valve positions imported from a register (issue 32), keyed by the tag people see (PSV-101): a new tag is
 * added and a known one edited field by field, by the same rules and commands as by hand (createTag, updateTag).
 * A tag's plant and set pressure are its design and never change by hand: a row that would change them is refused.
 */

type Current = typeof reliefTags.$inferSelect & { valveTag: string | null };
type Checked =
  | (CheckedRow & { kind: 'create'; body: z.infer<typeof reliefTagBody> })
  | (CheckedRow & { kind: 'update'; current: Current; edit: Omit<z.infer<typeof reliefTagUpdateBody>, 'version'> })
  | { kind: 'unchanged' };

const label = labelOf(RELIEF_TAG_FIELDS);
const fieldOf = (contractField: string) => (contractField === 'valveId' ? 'valve' : contractField);

/** The organization's tags the file names, in any plant: a tag of a plant the user does not manage is refused. */
async function knownTags(db: Database, organizationId: number, names: string[]) {
  const found: Current[] = [];
  for (let i = 0; i < names.length; i += CHUNK) {
    const rows = await db
      .select({ tag: reliefTags, valveTag: valves.valveId })
      .from(reliefTags)
      .leftJoin(valves, eq(valves.id, reliefTags.valveId))
      .where(and(eq(reliefTags.organizationId, organizationId), lowerIn(reliefTags.tag, names.slice(i, i + CHUNK))));
    found.push(...rows.map((r) => ({ ...r.tag, valveTag: r.valveTag })));
  }
  return byKey(found, (t) => t.tag);
}

async function namedValves(db: Database, context: ImportContext, names: string[]) {
  const found: { id: number; valveId: string }[] = [];
  for (let i = 0; i < names.length; i += CHUNK) {
    found.push(
      ...(await db
        .select({ id: valves.id, valveId: valves.valveId })
        .from(valves)
        .where(and(valvesInScope(context.scope), tagIn(names.slice(i, i + CHUNK))))),
    );
  }
  return byKey(found, (v) => v.valveId);
}

async function checkRows(db: Database, context: ImportContext, rows: readonly ImportRow[]) {
  const { scope } = context;
  const read = rows.map((row) => ({ row, ...readTagRow(row) }));
  const texts = (field: string) => read.flatMap((r) => (typeof r.values[field] === 'string' ? [r.values[field]] : []));
  const [known, valveNamed] = await Promise.all([
    knownTags(db, scope.organizationId, texts('tag')),
    namedValves(db, context, texts('valve')),
  ]);
  const plantNamed = once((name) => checkPlantName(db, scope.organizationId, name));
  const valveFits = once(async (key) => {
    const [id, plant] = key.split('\u0000');
    await checkTagValve(db, scope, Number(id), plant);
  });
  const firstRowOf = firstRows();
  const refused: Refusal[] = [];
  const checked: Checked[] = [];

  for (const { row, values, refused: unread } of read) {
    const columnOf = columnIn(row, label);
    const refuse = (field: string, message: string) => unread.push({ row: row.row, column: columnOf(field), message });
    const { tag, plant, valve, setPressure, pressureUnit, ...fields } = values;
    if (typeof tag !== 'string') {
      if (!unread.length) refuse('tag', 'is required: it says which relief valve position the row is');
      refused.push(...unread);
      continue;
    }
    const first = firstRowOf(tag, row.row);
    if (first !== undefined) refuse('tag', `${tag} is also in row ${first}: a tag appears once in a file`);
    const current = known(tag);
    if (current && scope.plants && !scope.plants.includes(current.plant)) {
      refuse('tag', `${current.tag} is a tag of ${current.plant}, which you may not manage`);
      refused.push(...unread);
      continue;
    }
    const edit = editOf(current, fields);
    const changed: FieldChange[] = [];
    let plantName = current?.plant;
    if (typeof plant === 'string') {
      const found = await plantNamed(plant);
      if ('error' in found) refuse('plant', `unknown plant "${plant}": ${found.error}`);
      else if (scope.plants && !scope.plants.includes(found.value.name)) {
        refuse('plant', `you may only manage relief valves of ${scope.plants.join(', ')}`);
      } else if (current && current.plant !== found.value.name) {
        refuse('plant', `${current.tag} is a tag of ${current.plant}: a position in another plant is another tag`);
      } else plantName = found.value.name;
    }
    const unit = (typeof pressureUnit === 'string' ? pressureUnit : 'psi') as PressureUnit;
    if (current && typeof setPressure === 'number' && cmp(pascals(setPressure, unit), exactSet(current)) !== 0) {
      const set = shown(exactSet(current), current.pressureUnit as PressureUnit);
      refuse(
        'setPressure',
        `${current.tag} is set at ${set}: a tag's set pressure does not change (another set is another tag)`,
      );
    }
    if (typeof valve === 'string') {
      const found = valveNamed(valve);
      if (!found) refuse('valve', `unknown valve ID "${valve}": no valve of yours has it`);
      else if (plantName) {
        const fits = await valveFits(`${found.id}\u0000${plantName}`);
        if ('error' in fits) refuse('valve', `${found.valveId} ${fits.error}`);
        else if (current?.valveId !== found.id) {
          edit.valveId = found.id;
          changed.push({ field: 'valve', from: current?.valveTag ?? null, to: found.valveId });
        }
      }
    }
    const rowLabel = (field: string) => columnOf(fieldOf(field));
    const interval = (field: 'intervalMonths' | 'maxIntervalMonths') => {
      const value = edit[field] ?? current?.[field];
      return typeof value === 'number' ? value : undefined;
    };
    // Past the ceiling the contract refuses the interval itself; the maximum is judged against a possible one.
    const months = interval('intervalMonths');
    const complaint =
      months !== undefined && months <= MAX_INTERVAL_MONTHS
        ? complaintOf(() => checkMaxInterval(months, interval('maxIntervalMonths') ?? MAX_INTERVAL_MONTHS))
        : null;
    if (complaint) refuse(complaint.field, complaint.message);
    if (!current) {
      const parsed = reliefTagBody.safeParse({ tag, plant: plantName, setPressure, pressureUnit, ...edit });
      if (!parsed.success) unread.push(...issuesOf(row.row, parsed.error, rowLabel));
      if (unread.length) refused.push(...dedupe(unread));
      else checked.push({ kind: 'create', row: row.row, key: tag, body: parsed.data as z.infer<typeof reliefTagBody> });
      continue;
    }
    const parsed = reliefTagUpdateBody.omit({ version: true }).safeParse(edit);
    if (!parsed.success) unread.push(...issuesOf(row.row, parsed.error, rowLabel));
    if (unread.length || !parsed.success) refused.push(...dedupe(unread));
    else if (Object.keys(edit).length === 0) checked.push({ kind: 'unchanged' });
    else {
      // The valve is listed by the tag people see (above), not by its record id.
      const { valveId: _valve, ...named } = edit;
      const fields = [...changed, ...changesOf(current, named)];
      checked.push({ kind: 'update', row: row.row, key: current.tag, current, edit: parsed.data, fields });
    }
  }
  return { checked, refused };
}

export const reliefTagImport: ImportTarget = {
  kind: 'relief-tags',
  fields: RELIEF_TAG_FIELDS,
  async example(db, scope) {
    const plant = scope.plants?.[0] ?? [...(await plantTimeZones(db, scope.organizationId)).keys()][0] ?? '';
    return {
      tag: 'PSV-101',
      plant,
      valve: '',
      setPressure: '150 psi',
      pressureUnit: '',
      protectedEquipment: 'V-101 Inlet separator',
      service: 'Natural gas',
      intervalRule: 'fixed',
      intervalMonths: '24',
      maxIntervalMonths: '120',
    };
  },
  async run(db, context, rows, write) {
    const { checked, refused } = await checkRows(db, context, rows);
    if (write) {
      for (const c of checked) {
        if (c.kind === 'create') await createTag(db, context.scope, c.body);
        else if (c.kind === 'update') {
          await updateTag(db, context.scope, c.current.id, { ...c.edit, version: c.current.version });
        }
      }
    }
    return outcomeOf(rows.length, checked, refused);
  },
};
