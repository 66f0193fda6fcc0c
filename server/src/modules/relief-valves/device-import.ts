import { cmp, type PressureUnit, pascals, shown } from '@common/relief-valves/exact';
import { reliefDeviceBody, reliefDeviceUpdateBody } from '@common/schemas/relief-valves';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { reliefDevices } from '../../db/schema';
import type { ImportRow, ImportTarget } from '../../lib/imports';
import type { Scope } from '../../lib/scope';
import { lowerIn } from '../../lib/valve-tags';
import {
  type CheckedRow,
  changesOf,
  columnIn,
  dedupe,
  editOf,
  firstRows,
  issuesOf,
  labelOf,
  outcomeOf,
  type Refusal,
} from '../imports';
import { checkBackPressures, createDevice } from './commands';
import { updateDevice } from './edit-commands';
import { byKey, CHUNK, complaintOf } from './import-common';

import { RELIEF_DEVICE_FIELDS, readDeviceRow } from './import-rows';
import { exactSet } from './judge';
import { toPsi } from './pressures';
import { devicesInScope } from './scope';

/*
 * Relief valves (the serial-numbered devices) imported from a register (issue 32), keyed by serial number, unique
 * in an organization: a new serial is added and a known one's nameplate data edited field by field, by the same
 * rules and commands as by hand (createDevice, updateDevice). A device's set pressure changes only when an
 * engineer accepts the nameplate a tester found: a row that would change it is refused.
 */

type Current = typeof reliefDevices.$inferSelect;
type Checked =
  | (CheckedRow & { kind: 'create'; body: z.infer<typeof reliefDeviceBody> })
  | (CheckedRow & { kind: 'update'; current: Current; edit: Omit<z.infer<typeof reliefDeviceUpdateBody>, 'version'> })
  | { kind: 'unchanged' };

const label = labelOf(RELIEF_DEVICE_FIELDS);
const OPTIONAL_PRESSURES = ['coldDifferentialTestPressure', 'superimposedBackPressure', 'builtUpBackPressure'] as const;

/**
 * The organization's devices the file names, and which of them the user may manage: a device belongs to the plant
 * of the tag it was last installed on (scope.ts).
 */
async function knownDevices(db: Database, scope: Scope, serials: string[]) {
  const found: (Current & { inScope: boolean })[] = [];
  for (let i = 0; i < serials.length; i += CHUNK) {
    const some = lowerIn(reliefDevices.serialNumber, serials.slice(i, i + CHUNK));
    const [all, mine] = await Promise.all([
      db
        .select()
        .from(reliefDevices)
        .where(and(eq(reliefDevices.organizationId, scope.organizationId), some)),
      db
        .select({ id: reliefDevices.id })
        .from(reliefDevices)
        .where(and(devicesInScope(scope), some)),
    ]);
    const ids = new Set(mine.map((d) => d.id));
    found.push(...all.map((d) => ({ ...d, inScope: ids.has(d.id) })));
  }
  return byKey(found, (d) => d.serialNumber);
}

async function checkRows(db: Database, scope: Scope, rows: readonly ImportRow[]) {
  const read = rows.map((row) => ({ row, ...readDeviceRow(row) }));
  const serials = read.flatMap((r) => (typeof r.values.serialNumber === 'string' ? [r.values.serialNumber] : []));
  const known = await knownDevices(db, scope, serials);
  const firstRowOf = firstRows();
  const refused: Refusal[] = [];
  const checked: Checked[] = [];
  for (const { row, values, refused: unread } of read) {
    const columnOf = columnIn(row, label);
    const refuse = (field: string, message: string) => unread.push({ row: row.row, column: columnOf(field), message });
    const { serialNumber: serial, setPressure, pressureUnit, ...fields } = values;
    if (typeof serial !== 'string') {
      if (!unread.length) refuse('serialNumber', 'is required: it says which relief valve the row is');
      refused.push(...unread);
      continue;
    }
    const first = firstRowOf(serial, row.row);
    if (first !== undefined)
      refuse('serialNumber', `${serial} is also in row ${first}: a relief valve appears once in a file`);
    const current = known(serial);
    if (current && !current.inScope) {
      refuse('serialNumber', `${current.serialNumber} is installed in a plant you may not manage`);
      refused.push(...unread);
      continue;
    }
    const unit = (typeof pressureUnit === 'string' ? pressureUnit : 'psi') as PressureUnit;
    const backPressures = {
      superimposedBackPressure: fields.superimposedBackPressure as number | undefined,
      builtUpBackPressure: fields.builtUpBackPressure as number | undefined,
    };
    if (!current) {
      const parsed = reliefDeviceBody.safeParse({ serialNumber: serial, setPressure, pressureUnit, ...fields });
      if (!parsed.success) unread.push(...issuesOf(row.row, parsed.error, columnOf));
      else {
        const complaint = complaintOf(() =>
          checkBackPressures(pascals(parsed.data.setPressure, unit), unit, backPressures),
        );
        if (complaint) refuse(complaint.field, complaint.message);
      }
      if (unread.length) refused.push(...dedupe(unread));
      else
        checked.push({
          kind: 'create',
          row: row.row,
          key: serial,
          body: parsed.data as z.infer<typeof reliefDeviceBody>,
        });
      continue;
    }
    if (typeof setPressure === 'number' && cmp(pascals(setPressure, unit), exactSet(current)) !== 0) {
      const set = shown(exactSet(current), current.pressureUnit as PressureUnit);
      refuse(
        'setPressure',
        `${current.serialNumber} is set at ${set}: it changes only when an engineer accepts the nameplate a tester found`,
      );
    }
    const complaint = complaintOf(() => checkBackPressures(exactSet(current), unit, backPressures));
    if (complaint) refuse(complaint.field, complaint.message);
    // Kept in psi like the set: the optional pressures are compared and written so.
    for (const name of OPTIONAL_PRESSURES) {
      if (typeof fields[name] === 'number') fields[name] = toPsi(unit)(fields[name]);
    }
    const edit = editOf(current, fields);
    const parsed = reliefDeviceUpdateBody.omit({ version: true }).safeParse(edit);
    if (!parsed.success) unread.push(...issuesOf(row.row, parsed.error, columnOf));
    if (unread.length || !parsed.success) refused.push(...dedupe(unread));
    else if (Object.keys(edit).length === 0) checked.push({ kind: 'unchanged' });
    else {
      checked.push({
        kind: 'update',
        row: row.row,
        key: current.serialNumber,
        current,
        edit: parsed.data,
        fields: changesOf(current, edit),
      });
    }
  }
  return { checked, refused };
}

export const reliefDeviceImport: ImportTarget = {
  kind: 'relief-devices',
  fields: RELIEF_DEVICE_FIELDS,
  async example() {
    return {
      serialNumber: 'SN-2024-0101',
      manufacturer: 'Crosby',
      model: 'JOS-E',
      orifice: 'H',
      inletSize: '1-1/2"',
      outletSize: '3"',
      setPressure: '150 psi',
      pressureUnit: '',
      capacity: '5,200 lb/h',
      codeStamp: 'UV',
      design: 'conventional',
      seatType: 'metal',
      code: 'asme-viii',
      serviceFluid: 'gas',
      coldDifferentialTestPressure: '',
      superimposedBackPressure: '',
      builtUpBackPressure: '',
    };
  },
  async run(db, context, rows, write) {
    const { checked, refused } = await checkRows(db, context.scope, rows);
    if (write) {
      for (const c of checked) {
        if (c.kind === 'create') await createDevice(db, context.scope, c.body);
        else if (c.kind === 'update') {
          await updateDevice(db, context.scope, c.current.id, {
            ...c.edit,
            pressureUnit: 'psi',
            version: c.current.version,
          });
        }
      }
    }
    return outcomeOf(rows.length, checked, refused);
  },
};
