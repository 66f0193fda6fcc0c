import type { PressureUnit } from '@common/relief-valves/exact';
import type { reliefDeviceUpdateBody, reliefTagUpdateBody } from '@common/schemas/relief-valves';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, inTransaction } from '../../db/client';
import { reliefDevices, reliefTags } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { conflict, refuseDuplicate, staleVersion } from '../../plugins/errors';
import { checkBackPressures, checkMaxInterval, checkTagValve } from './commands';
import { exactSet } from './judge';
import { toPsi } from './pressures';
import { reliefDeviceInScope, reliefTagInScope } from './scope';
import { readDeviceDetail, readTag } from './service';
import { replayTag } from './tag-intervals';

/**
 * Edits a tag's position data: its name, valve record, what it protects and its interval. The interval is replayed
 * from the installed device's tests at once, so the due date follows the new rule. A stale version is a 409 with
 * the tag as it is now.
 */
export async function updateTag(db: Database, scope: Scope, id: number, body: z.infer<typeof reliefTagUpdateBody>) {
  await inTransaction(db, async (tx) => {
    const current = await reliefTagInScope(tx, scope, id);
    if (current.version !== body.version) throw staleVersion('tag', await readTag(tx, scope, id));
    const { version, ...fields } = body;
    if (fields.valveId) await checkTagValve(tx, scope, fields.valveId, current.plant);
    checkMaxInterval(
      fields.intervalMonths ?? current.intervalMonths,
      fields.maxIntervalMonths ?? current.maxIntervalMonths,
    );
    const updated = await refuseDuplicate(
      () =>
        tx
          .update(reliefTags)
          .set({ ...fields, version: version + 1, updatedAt: new Date() })
          .where(and(eq(reliefTags.id, id), eq(reliefTags.version, version)))
          .returning({ id: reliefTags.id }),
      conflict(`Tag ${fields.tag} already exists.`),
    );
    if (updated.length === 0) throw staleVersion('tag', await readTag(tx, scope, id));
    await replayTag(tx, id);
  });
  return readTag(db, scope, id);
}

/**
 * Edits a device's nameplate data (not its set: see reliefDeviceUpdateBody). The optional pressures arrive in the
 * body's unit and are kept in psi like the set; a back pressure is judged against the set as it was entered.
 */
export async function updateDevice(
  db: Database,
  scope: Scope,
  id: number,
  body: z.infer<typeof reliefDeviceUpdateBody>,
) {
  await inTransaction(db, async (tx) => {
    const current = await reliefDeviceInScope(tx, scope, id);
    if (current.version !== body.version) throw staleVersion('relief valve', await readDeviceDetail(tx, scope, id));
    const {
      version,
      pressureUnit,
      coldDifferentialTestPressure: cdtp,
      superimposedBackPressure: superimposed,
      builtUpBackPressure: builtUp,
      ...fields
    } = body;
    const unit: PressureUnit = pressureUnit ?? 'psi';
    checkBackPressures(exactSet(current), unit, {
      superimposedBackPressure: superimposed,
      builtUpBackPressure: builtUp,
    });
    // Left out keeps the value, null clears it, a number is converted to psi.
    const inPsi = (value: number | null | undefined) => (value == null ? value : toPsi(unit)(value));
    const updated = await refuseDuplicate(
      () =>
        tx
          .update(reliefDevices)
          .set({
            ...fields,
            coldDifferentialTestPressure: inPsi(cdtp),
            superimposedBackPressure: inPsi(superimposed),
            builtUpBackPressure: inPsi(builtUp),
            version: version + 1,
            updatedAt: new Date(),
          })
          .where(and(eq(reliefDevices.id, id), eq(reliefDevices.version, version)))
          .returning({ id: reliefDevices.id }),
      conflict(`A relief valve with serial number ${fields.serialNumber} already exists.`),
    );
    if (updated.length === 0) throw staleVersion('relief valve', await readDeviceDetail(tx, scope, id));
  });
  return readDeviceDetail(db, scope, id);
}
