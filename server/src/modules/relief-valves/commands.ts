import { RELIEF_VALVE_TYPE } from '@common/constants';
import { can } from '@common/permissions';
import { cmp, type Exact, type PressureUnit, pascals } from '@common/relief-valves/exact';
import type { SessionUser } from '@common/schemas/auth';
import type {
  certificateBody,
  installBody,
  instrumentBody,
  qualificationBody,
  reliefDeviceBody,
  reliefTagBody,
  removeBody,
} from '@common/schemas/relief-valves';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, inTransaction } from '../../db/client';
import {
  reliefCertificates,
  reliefDevices,
  reliefInstallations,
  reliefInstruments,
  reliefQualifications,
  reliefTags,
  valves,
} from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { conflict, HttpError, invalidField, refuseDuplicate } from '../../plugins/errors';
import { checkPlantName } from '../plants';
import { colleagueNamed } from '../users';
import { exactSet } from './judge';
import { toPsi } from './pressures';
import { reliefDeviceInScope, reliefTagInScope } from './scope';
import { outOfService, readDeviceDetail, readTag, readTagDetail } from './service';
import { replayTag } from './tag-intervals';

/** A tag's valve record is the position's safety relief valve, of its plant: its corrective work orders go there. */
export async function checkTagValve(db: Database, scope: Scope, valveId: number, plant: string) {
  const [valve] = await db
    .select({ id: valves.id, type: valves.type, plant: valves.plant })
    .from(valves)
    .where(and(valvesInScope(scope), eq(valves.id, valveId)));
  if (!valve) throw invalidField('valveId', 'is not a valve of your organization');
  if (valve.type !== RELIEF_VALVE_TYPE) throw invalidField('valveId', `is a ${valve.type}, not a safety relief valve`);
  if (valve.plant !== plant) throw invalidField('valveId', `is a valve of ${valve.plant}, not of ${plant}`);
}

/**
 * A back pressure at or above the set would hold the valve shut (API 520 Part I): a mistyped reading. Compared
 * exactly (common/relief-valves/exact.ts), in whatever units each was entered.
 */
export function checkBackPressures(
  set: Exact,
  unit: PressureUnit,
  pressures: { superimposedBackPressure?: number | null; builtUpBackPressure?: number | null },
) {
  for (const [field, value] of Object.entries(pressures)) {
    if (value != null && cmp(pascals(value, unit), set) >= 0)
      throw invalidField(field, 'must be below the set pressure');
  }
}

/** A tag's test interval stays within its own maximum. */
export function checkMaxInterval(intervalMonths: number, maxIntervalMonths: number) {
  if (maxIntervalMonths < intervalMonths) throw invalidField('maxIntervalMonths', 'must not be below the interval');
}

export async function createTag(db: Database, scope: Scope, given: z.infer<typeof reliefTagBody>) {
  const body = { ...given, plant: (await checkPlantName(db, scope.organizationId, given.plant)).name };
  if (scope.plants && !scope.plants.includes(body.plant)) throw invalidField('plant', 'is not one of your plants');
  if (body.valveId) await checkTagValve(db, scope, body.valveId, body.plant);
  checkMaxInterval(body.intervalMonths, body.maxIntervalMonths);
  const { pressureUnit, setPressure, ...fields } = body;
  const [row] = await refuseDuplicate(
    () =>
      db
        .insert(reliefTags)
        .values({
          ...fields,
          organizationId: scope.organizationId,
          setPressure: toPsi(pressureUnit)(setPressure),
          setPressureEntered: setPressure,
          pressureUnit,
          currentIntervalMonths: body.intervalMonths,
        })
        .returning({ id: reliefTags.id }),
    conflict(`Tag ${body.tag} already exists.`),
  );
  return readTag(db, scope, row.id);
}

export async function createDevice(db: Database, scope: Scope, body: z.infer<typeof reliefDeviceBody>) {
  const {
    pressureUnit,
    setPressure,
    coldDifferentialTestPressure: cdtp,
    superimposedBackPressure: superimposed,
    builtUpBackPressure: builtUp,
    ...fields
  } = body;
  checkBackPressures(pascals(setPressure, pressureUnit), pressureUnit, {
    superimposedBackPressure: superimposed,
    builtUpBackPressure: builtUp,
  });
  const psi = toPsi(pressureUnit);
  const optional = (v: number | undefined) => (v === undefined ? null : psi(v));
  const [row] = await refuseDuplicate(
    () =>
      db
        .insert(reliefDevices)
        .values({
          ...fields,
          organizationId: scope.organizationId,
          coldDifferentialTestPressure: optional(cdtp),
          superimposedBackPressure: optional(superimposed),
          builtUpBackPressure: optional(builtUp),
          setPressure: psi(setPressure),
          setPressureEntered: setPressure,
          pressureUnit,
        })
        .returning({ id: reliefDevices.id }),
    conflict(`A relief valve with serial number ${body.serialNumber} already exists.`),
  );
  return readDeviceDetail(db, scope, row.id);
}

/**
 * Puts a device on a tag. A device already on the tag is removed that day (the swap); the new device must be a
 * spare. Each installation keeps its dates, so the histories of both devices and the tag stay apart. A device set
 * to another pressure than the tag's goes in only with an engineer's recorded reason (its tests are judged at its
 * own nameplate set, so the difference must be a decision, never a slip).
 */
export async function installDevice(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  tagId: number,
  body: z.infer<typeof installBody>,
) {
  await inTransaction(db, async (tx) => {
    const tag = await reliefTagInScope(tx, scope, tagId);
    const device = await reliefDeviceInScope(tx, scope, body.deviceId);
    const [elsewhere] = await tx
      .select({ tagId: reliefInstallations.tagId })
      .from(reliefInstallations)
      .where(and(eq(reliefInstallations.deviceId, device.id), isNull(reliefInstallations.removedOn)));
    if (elsewhere) {
      throw conflict(`Relief valve ${device.serialNumber} is installed elsewhere: remove it there first.`);
    }
    // OSHA 1910.119(j)(5): a deficiency is corrected before further use; a later passing test clears it.
    if ((await outOfService(tx, [device.id])).has(device.id)) {
      throw conflict(
        `Relief valve ${device.serialNumber} failed its last as-left test: it goes back into service only after a test passes.`,
      );
    }
    const differs = cmp(exactSet(device), exactSet(tag)) !== 0;
    const reason = (differs && body.setPressureReason?.trim()) || null;
    if (differs) {
      if (!reason) {
        throw invalidField(
          'deviceId',
          `is set at ${device.setPressure} psi, not the tag's ${tag.setPressure} psi: an engineer must give a reason (setPressureReason) to install it`,
        );
      }
      if (!can(actor.role, 'relief-valves:review')) {
        throw new HttpError(403, 'Only an engineer may install a relief valve set to another pressure than its tag.');
      }
    }
    const [current] = await tx
      .select()
      .from(reliefInstallations)
      .where(and(eq(reliefInstallations.tagId, tagId), isNull(reliefInstallations.removedOn)));
    if (current && current.installedOn > body.installedOn) {
      throw invalidField('installedOn', `is before the current valve was installed (${current.installedOn})`);
    }
    if (current) {
      if (!body.reason) throw invalidField('reason', 'is required: say why the valve on the tag comes off');
      await tx
        .update(reliefInstallations)
        .set({ removedOn: body.installedOn, removalReason: body.reason, removedByUserId: actor.id })
        .where(eq(reliefInstallations.id, current.id));
    }
    await tx.insert(reliefInstallations).values({
      organizationId: scope.organizationId,
      tagId,
      deviceId: device.id,
      installedOn: body.installedOn,
      setPressureReason: reason,
      reasonByUserId: reason ? actor.id : null,
    });
    await replayTag(tx, tagId);
  });
  return readTagDetail(db, scope, tagId);
}

/** Takes the device off the tag (to the shop) with the reason; the tag stands empty until one is installed. */
export async function removeDevice(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  tagId: number,
  body: z.infer<typeof removeBody>,
) {
  await readTag(db, scope, tagId);
  const [current] = await db
    .select()
    .from(reliefInstallations)
    .where(and(eq(reliefInstallations.tagId, tagId), isNull(reliefInstallations.removedOn)));
  if (!current) throw conflict('No relief valve is installed on this tag.');
  if (body.removedOn < current.installedOn)
    throw invalidField('removedOn', `is before it was installed (${current.installedOn})`);
  await db
    .update(reliefInstallations)
    .set({ removedOn: body.removedOn, removalReason: body.reason, removedByUserId: actor.id })
    .where(eq(reliefInstallations.id, current.id));
  await replayTag(db, tagId);
  return readTagDetail(db, scope, tagId);
}

export async function createCertificate(db: Database, scope: Scope, body: z.infer<typeof certificateBody>) {
  const [row] = await db
    .insert(reliefCertificates)
    .values({ ...body, organizationId: scope.organizationId })
    .returning({
      id: reliefCertificates.id,
      kind: reliefCertificates.kind,
      number: reliefCertificates.number,
      holder: reliefCertificates.holder,
      expiresOn: reliefCertificates.expiresOn,
    });
  return { ...row, kind: body.kind };
}

export async function createQualification(db: Database, scope: Scope, body: z.infer<typeof qualificationBody>) {
  const user = await colleagueNamed(db, scope.organizationId, body.userId, 'userId');
  const [certificate] = await db
    .select({ id: reliefCertificates.id })
    .from(reliefCertificates)
    .where(
      and(eq(reliefCertificates.organizationId, scope.organizationId), eq(reliefCertificates.id, body.certificateId)),
    );
  if (!certificate) throw invalidField('certificateId', 'is not a certificate of your organization');
  const [row] = await db
    .insert(reliefQualifications)
    .values({ ...body, organizationId: scope.organizationId })
    .returning({ id: reliefQualifications.id });
  return { ...body, id: row.id, userName: user.name };
}

export async function createInstrument(db: Database, scope: Scope, body: z.infer<typeof instrumentBody>) {
  if (body.calibratedOn && body.calibratedOn > body.calibrationDueOn) {
    throw invalidField('calibratedOn', 'must not be after the calibration due date');
  }
  const [row] = await db
    .insert(reliefInstruments)
    .values({ ...body, organizationId: scope.organizationId })
    .returning({ id: reliefInstruments.id });
  return {
    ...body,
    calibratedOn: body.calibratedOn ?? null,
    rangeMax: body.rangeMax ?? null,
    accuracyPercent: body.accuracyPercent ?? null,
    id: row.id,
  };
}
