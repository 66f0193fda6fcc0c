import type {
  ReliefDevice,
  ReliefDeviceDetail,
  ReliefInstallation,
  ReliefSummary,
  ReliefTag,
  ReliefTagDetail,
  ReliefTagQuery,
  ReliefTestSummary,
} from '@common/schemas/relief-valves';
import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  reliefDevices,
  reliefInstallations,
  reliefTags,
  reliefTests,
  users,
  valves,
  workOrders,
} from '../../db/schema';
import { nextUtcMidnight, type ToKeep } from '../../lib/kept-answers';
import type { Scope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';
import { DEVICE_NOT_FOUND, devicesInScope, TAG_NOT_FOUND, tagsInScope } from './scope';

export const today = () => new Date().toISOString().slice(0, 10);

/**
 * The latest submitted test of each device, where it failed as left: the device is not returned to service
 * (OSHA 1910.119(j)(5)) until a later test passes. With the corrective work order raised for it.
 */
export async function outOfService(db: Database, deviceIds: number[]) {
  const out = new Map<
    number,
    { testId: number; testedOn: string; workOrder: { id: number; workOrderId: string } | null }
  >();
  if (!deviceIds.length) return out;
  const rows = await db
    .select({
      deviceId: reliefTests.deviceId,
      testId: reliefTests.id,
      testedOn: reliefTests.testedOn,
      asLeft: reliefTests.asLeftResult,
      workOrder: { id: workOrders.id, workOrderId: workOrders.workOrderId },
    })
    .from(reliefTests)
    .leftJoin(workOrders, eq(workOrders.id, reliefTests.workOrderId))
    .where(and(inArray(reliefTests.deviceId, deviceIds), eq(reliefTests.status, 'submitted')))
    .orderBy(asc(reliefTests.deviceId), desc(reliefTests.testedOn), desc(reliefTests.id));
  const seen = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.deviceId)) continue;
    seen.add(row.deviceId);
    if (row.asLeft === 'fail') {
      out.set(row.deviceId, {
        testId: row.testId,
        testedOn: row.testedOn,
        workOrder: row.workOrder?.id ? row.workOrder : null,
      });
    }
  }
  return out;
}

const openInstall = alias(reliefInstallations, 'open_install');
const installedDevice = alias(reliefDevices, 'installed_device');

async function selectTags(db: Database, where: SQL | undefined, on: string): Promise<ReliefTag[]> {
  const rows = await db
    .select({
      tag: reliefTags,
      valve: { id: valves.id, valveId: valves.valveId },
      install: { deviceId: openInstall.deviceId, installedOn: openInstall.installedOn },
      device: {
        serialNumber: installedDevice.serialNumber,
        manufacturer: installedDevice.manufacturer,
        model: installedDevice.model,
      },
    })
    .from(reliefTags)
    .leftJoin(valves, eq(valves.id, reliefTags.valveId))
    .leftJoin(openInstall, and(eq(openInstall.tagId, reliefTags.id), isNull(openInstall.removedOn)))
    .leftJoin(installedDevice, eq(installedDevice.id, openInstall.deviceId))
    .where(where)
    .orderBy(asc(reliefTags.nextDueOn), asc(reliefTags.tag));
  const failed = await outOfService(
    db,
    rows.flatMap((r) => (r.install?.deviceId ? [r.install.deviceId] : [])),
  );
  return rows.map(({ tag, valve, install, device }) => ({
    id: tag.id,
    tag: tag.tag,
    plant: tag.plant,
    valve: valve?.id ? valve : null,
    setPressure: tag.setPressure,
    protectedEquipment: tag.protectedEquipment,
    service: tag.service,
    intervalRule: tag.intervalRule,
    intervalMonths: tag.intervalMonths,
    currentIntervalMonths: tag.currentIntervalMonths,
    intervalReason: tag.intervalReason,
    maxIntervalMonths: tag.maxIntervalMonths,
    lastTestedOn: tag.lastTestedOn,
    nextDueOn: tag.nextDueOn,
    overdue: tag.nextDueOn !== null && tag.nextDueOn < on,
    version: tag.version,
    installed:
      install?.deviceId && device?.serialNumber
        ? {
            deviceId: install.deviceId,
            installedOn: install.installedOn,
            serialNumber: device.serialNumber,
            manufacturer: device.manufacturer,
            model: device.model,
          }
        : null,
    notReturnedToService: (install?.deviceId && failed.get(install.deviceId)) || null,
  }));
}

/** The due list: every tag in scope, soonest due first; by plant, by month due (overdue included), by valve. */
export function listTags(db: Database, scope: Scope, query: ReliefTagQuery, on = today()) {
  const conditions = [tagsInScope(scope)];
  if (query.plant) conditions.push(eq(reliefTags.plant, query.plant));
  if (query.valveId) conditions.push(eq(reliefTags.valveId, query.valveId));
  if (query.dueBy) {
    const [y, m] = query.dueBy.split('-').map(Number);
    const monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    conditions.push(lte(reliefTags.nextDueOn, monthEnd));
  }
  return selectTags(db, and(...conditions), on);
}

export async function readTag(db: Database, scope: Scope, id: number, on = today()): Promise<ReliefTag> {
  const [tag] = await selectTags(db, and(tagsInScope(scope), eq(reliefTags.id, id)), on);
  if (!tag) throw notFound(TAG_NOT_FOUND);
  return tag;
}

export async function readTagDetail(db: Database, scope: Scope, id: number): Promise<ReliefTagDetail> {
  const tag = await readTag(db, scope, id);
  return {
    ...tag,
    installations: await installations(db, eq(reliefInstallations.tagId, id)),
    tests: await testSummaries(db, eq(reliefTests.tagId, id)),
  };
}

function installations(db: Database, where: SQL): Promise<ReliefInstallation[]> {
  return db
    .select({
      id: reliefInstallations.id,
      tagId: reliefInstallations.tagId,
      tag: reliefTags.tag,
      deviceId: reliefInstallations.deviceId,
      serialNumber: reliefDevices.serialNumber,
      installedOn: reliefInstallations.installedOn,
      removedOn: reliefInstallations.removedOn,
      setPressureReason: reliefInstallations.setPressureReason,
      removalReason: reliefInstallations.removalReason,
    })
    .from(reliefInstallations)
    .innerJoin(reliefTags, eq(reliefTags.id, reliefInstallations.tagId))
    .innerJoin(reliefDevices, eq(reliefDevices.id, reliefInstallations.deviceId))
    .where(where)
    .orderBy(desc(reliefInstallations.installedOn), desc(reliefInstallations.id));
}

/** A device's tests, or a tag's: each stays with the one it was filed under, whatever was swapped since. */
export async function testSummaries(db: Database, where: SQL): Promise<ReliefTestSummary[]> {
  const rows = await db
    .select({
      id: reliefTests.id,
      status: reliefTests.status,
      testedOn: reliefTests.testedOn,
      deviceId: reliefTests.deviceId,
      serialNumber: reliefDevices.serialNumber,
      tagId: reliefTests.tagId,
      tag: reliefTags.tag,
      asFoundResult: reliefTests.asFoundResult,
      asLeftResult: reliefTests.asLeftResult,
      testerName: users.name,
    })
    .from(reliefTests)
    .innerJoin(reliefDevices, eq(reliefDevices.id, reliefTests.deviceId))
    .leftJoin(reliefTags, eq(reliefTags.id, reliefTests.tagId))
    .innerJoin(users, eq(users.id, reliefTests.testerUserId))
    .where(where)
    .orderBy(desc(reliefTests.testedOn), desc(reliefTests.id));
  return rows as ReliefTestSummary[];
}

const deviceTag = alias(reliefTags, 'device_tag');

export async function listDevices(
  db: Database,
  scope: Scope,
  options: { spare?: boolean; id?: number } = {},
): Promise<ReliefDevice[]> {
  const conditions = [devicesInScope(scope)];
  if (options.id) conditions.push(eq(reliefDevices.id, options.id));
  if (options.spare === true) conditions.push(isNull(openInstall.id));
  if (options.spare === false) conditions.push(sql`${openInstall.id} is not null`);
  const rows = await db
    .select({
      device: reliefDevices,
      install: { tagId: openInstall.tagId, installedOn: openInstall.installedOn },
      tag: deviceTag.tag,
    })
    .from(reliefDevices)
    .leftJoin(openInstall, and(eq(openInstall.deviceId, reliefDevices.id), isNull(openInstall.removedOn)))
    .leftJoin(deviceTag, eq(deviceTag.id, openInstall.tagId))
    .where(and(...conditions))
    .orderBy(asc(reliefDevices.serialNumber));
  const failed = await outOfService(
    db,
    rows.map((r) => r.device.id),
  );
  return rows.map(({ device, install, tag }) => {
    const {
      organizationId: _o,
      createdAt: _c,
      updatedAt: _u,
      setPressureEntered: _e,
      pressureUnit: _p,
      ...fields
    } = device;
    return {
      ...fields,
      notReturnedToService: failed.has(device.id),
      installedAt: install?.tagId && tag ? { tagId: install.tagId, tag, installedOn: install.installedOn } : null,
    };
  });
}

export async function readDeviceDetail(db: Database, scope: Scope, id: number): Promise<ReliefDeviceDetail> {
  const [device] = await listDevices(db, scope, { id });
  if (!device) throw notFound(DEVICE_NOT_FOUND);
  return {
    ...device,
    // A device that served several plants shows a plant-limited user only its spans and tests in their plants.
    installations: await installations(
      db,
      and(
        eq(reliefInstallations.deviceId, id),
        scope.plants ? inArray(reliefTags.plant, scope.plants) : undefined,
      ) as SQL,
    ),
    tests: await testSummaries(
      db,
      and(
        eq(reliefTests.deviceId, id),
        scope.plants ? or(isNull(reliefTests.tagId), inArray(reliefTags.plant, scope.plants)) : undefined,
      ) as SQL,
    ),
  };
}

/**
 * The dashboard's figures: tags past due, and due by the end of this month, counted from the UTC day `on`; a kept copy
 * lapses when the next day begins.
 */
export async function reliefSummary(db: Database, scope: Scope, on = today()): Promise<ToKeep<ReliefSummary>> {
  const monthEnd = new Date(Date.UTC(Number(on.slice(0, 4)), Number(on.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const [row] = await db
    .select({
      tags: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${reliefTags.nextDueOn} < ${on}))::int`,
      dueThisMonth: sql<number>`(count(*) filter (where ${reliefTags.nextDueOn} >= ${on} and ${reliefTags.nextDueOn} <= ${monthEnd}))::int`,
    })
    .from(reliefTags)
    .where(tagsInScope(scope));
  return { value: row, nextDueMs: nextUtcMidnight(new Date(on)) };
}
