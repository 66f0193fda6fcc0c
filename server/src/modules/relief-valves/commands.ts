import type {
  certificateBody,
  installBody,
  instrumentBody,
  qualificationBody,
  reliefDeviceBody,
  reliefTagBody,
} from '@common/schemas/relief-valves';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import {
  reliefCertificates,
  reliefDevices,
  reliefInstallations,
  reliefInstruments,
  reliefQualifications,
  reliefTags,
  users,
  valves,
} from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { conflict, HttpError, notFound, refuseDuplicate } from '../../plugins/errors';
import { toPsi } from './pressures';
import { DEVICE_NOT_FOUND, readDeviceDetail, readTag, readTagDetail, TAG_NOT_FOUND, tagsInScope } from './service';

const asDb = (tx: unknown) => tx as Database;
const invalid = (path: string, message: string) =>
  new HttpError(400, `Invalid body: ${path} ${message}`, { issues: [{ path, message }] });

export async function createTag(db: Database, scope: Scope, body: z.infer<typeof reliefTagBody>) {
  if (scope.plants && !scope.plants.includes(body.plant)) throw invalid('plant', 'is not one of your plants');
  if (body.valveId) {
    const [valve] = await db
      .select({ id: valves.id })
      .from(valves)
      .where(and(valvesInScope(scope), eq(valves.id, body.valveId)));
    if (!valve) throw invalid('valveId', 'is not a valve of your organization');
  }
  if (body.maxIntervalMonths < body.intervalMonths)
    throw invalid('maxIntervalMonths', 'must not be below the interval');
  const { pressureUnit, setPressure, ...fields } = body;
  const [row] = await refuseDuplicate(
    () =>
      db
        .insert(reliefTags)
        .values({
          ...fields,
          organizationId: scope.organizationId,
          setPressure: toPsi(pressureUnit)(setPressure),
          currentIntervalMonths: body.intervalMonths,
        })
        .returning({ id: reliefTags.id }),
    conflict(`Tag ${body.tag} already exists.`),
  );
  return readTag(db, scope, row.id);
}

export async function createDevice(db: Database, scope: Scope, body: z.infer<typeof reliefDeviceBody>) {
  const { pressureUnit, setPressure, ...fields } = body;
  const [row] = await refuseDuplicate(
    () =>
      db
        .insert(reliefDevices)
        .values({ ...fields, organizationId: scope.organizationId, setPressure: toPsi(pressureUnit)(setPressure) })
        .returning({ id: reliefDevices.id }),
    conflict(`A relief valve with serial number ${body.serialNumber} already exists.`),
  );
  return readDeviceDetail(db, scope, row.id);
}

/**
 * Puts a device on a tag. A device already on the tag is removed that day (the swap); the new device must be a
 * spare. Each installation keeps its dates, so the histories of both devices and the tag stay apart.
 */
export async function installDevice(db: Database, scope: Scope, tagId: number, body: z.infer<typeof installBody>) {
  await db.transaction(async (t) => {
    const tx = asDb(t);
    const [tag] = await tx
      .select()
      .from(reliefTags)
      .where(and(tagsInScope(scope), eq(reliefTags.id, tagId)))
      .for('update');
    if (!tag) throw notFound(TAG_NOT_FOUND);
    const [device] = await tx
      .select({ id: reliefDevices.id, serialNumber: reliefDevices.serialNumber })
      .from(reliefDevices)
      .where(and(eq(reliefDevices.organizationId, scope.organizationId), eq(reliefDevices.id, body.deviceId)))
      .for('update');
    if (!device) throw notFound(DEVICE_NOT_FOUND);
    const [elsewhere] = await tx
      .select({ tagId: reliefInstallations.tagId })
      .from(reliefInstallations)
      .where(and(eq(reliefInstallations.deviceId, device.id), isNull(reliefInstallations.removedOn)));
    if (elsewhere) {
      throw conflict(`Relief valve ${device.serialNumber} is installed elsewhere: remove it there first.`);
    }
    const [current] = await tx
      .select()
      .from(reliefInstallations)
      .where(and(eq(reliefInstallations.tagId, tagId), isNull(reliefInstallations.removedOn)));
    if (current && current.installedOn > body.installedOn) {
      throw invalid('installedOn', `is before the current valve was installed (${current.installedOn})`);
    }
    if (current) {
      await tx
        .update(reliefInstallations)
        .set({ removedOn: body.installedOn })
        .where(eq(reliefInstallations.id, current.id));
    }
    await tx.insert(reliefInstallations).values({
      organizationId: scope.organizationId,
      tagId,
      deviceId: device.id,
      installedOn: body.installedOn,
    });
  });
  return readTagDetail(db, scope, tagId);
}

/** Takes the device off the tag (to the shop); the tag stands empty until one is installed. */
export async function removeDevice(db: Database, scope: Scope, tagId: number, removedOn: string) {
  await readTag(db, scope, tagId);
  const [current] = await db
    .select()
    .from(reliefInstallations)
    .where(and(eq(reliefInstallations.tagId, tagId), isNull(reliefInstallations.removedOn)));
  if (!current) throw conflict('No relief valve is installed on this tag.');
  if (removedOn < current.installedOn)
    throw invalid('removedOn', `is before it was installed (${current.installedOn})`);
  await db.update(reliefInstallations).set({ removedOn }).where(eq(reliefInstallations.id, current.id));
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
  const [user] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.organizationId, scope.organizationId), eq(users.id, body.userId)));
  if (!user) throw invalid('userId', 'is not a user of your organization');
  const [certificate] = await db
    .select({ id: reliefCertificates.id })
    .from(reliefCertificates)
    .where(
      and(eq(reliefCertificates.organizationId, scope.organizationId), eq(reliefCertificates.id, body.certificateId)),
    );
  if (!certificate) throw invalid('certificateId', 'is not a certificate of your organization');
  const [row] = await db
    .insert(reliefQualifications)
    .values({ ...body, organizationId: scope.organizationId })
    .returning({ id: reliefQualifications.id });
  return { ...body, id: row.id, userName: user.name };
}

export async function createInstrument(db: Database, scope: Scope, body: z.infer<typeof instrumentBody>) {
  const [row] = await db
    .insert(reliefInstruments)
    .values({ ...body, organizationId: scope.organizationId })
    .returning({ id: reliefInstruments.id });
  return { ...body, id: row.id };
}
