import { DEMO_PLANT_TIME_ZONES, DEMO_PLANTS } from '@common/constants';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import {
  activities,
  downtimePeriods,
  maintenanceRecords,
  organizations,
  photos,
  plants,
  sensorReadings,
  userPlants,
  users,
  valves,
  workOrderFailures,
  workOrderSequences,
  workOrders,
} from '../db/schema';
import { SeededRandom } from '../lib/seeded-random';
import type { StoredFiles } from '../lib/stored-files';
import { hashPassword } from '../lib/tokens';
import { seedDemoPlan } from '../modules/billing';
import { placeInTree } from '../modules/plants';
import { DEMO_PASSWORD } from './accounts';
import { recentActivity } from './activity';
import { DEMO_OPERATOR, seedDemoAlarms } from './alarms';
import { seedDemoAlerts } from './alerts';
import { DEMO_ORGANIZATIONS, DEMO_USERS, OTHER_ORGANIZATION_USERS } from './catalog';
import { seedDemoChannels } from './channels';
import { seedDemoDocuments } from './documents';
import { demoFailures } from './failures';
import {
  completionRecord,
  makeHistory,
  makeWorkOrders,
  numberByYear,
  type RecordSpec,
  todaysInspection,
} from './history';
import { type KeepFile, writeDemoPhoto } from './images';
import { seedDemoLabor } from './labor';
import { addDemoPlans } from './maintenance-plans';
import { seedDemoParts } from './parts';
import { pastYearsOfWork } from './past-years';
import { makeValve } from './plant';
import { seedDemoProcedures } from './procedures';
import { hourlyReadings, type ReadingRow } from './readings';
import { generateReliefValves } from './relief-valves';
import { seedDemoRequests } from './requests';

export const DEFAULT_DEMO_VALVES = 64;
/** Not every valve carries sensors: readings for at most this many, as in a plant that instruments its critical ones. */
export const MAX_INSTRUMENTED_VALVES = 200;
const OTHER_ORGANIZATION_VALVES = 8;
const PHOTO_VALVES = 12;
/** Valves with a manual and a certificate or drawing on file (the sample valves among them). */
const DOCUMENT_VALVES = 8;
const DAY = 86_400_000;

export type DemoOptions = {
  valves?: number;
  seed?: number;
  now?: Date;
  /** Where the demo's photos and documents go (FILE_STORE): written through the database the demo is given. */
  files: StoredFiles;
  /** The first organization's past two years of closed work (on unless false): API tests build without it, for speed. */
  pastYears?: boolean;
};
export type DemoSummary = { valves: number; workOrders: number; records: number; photos: number; readings: number };

async function insertInBatches<T extends PgTable>(db: Database, table: T, rows: T['$inferInsert'][], size: number) {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size));
  }
}

/**
 * Fills an empty database with a plausible plant: organizations, people, valves with manuals, work orders in
 * every state and (first organization) two past years of closed ones with their parts, hours and invoices,
 * maintenance history, photos, activity and 30 days of hourly sensor readings. Deterministic for a given seed and
 * `now`.
 */
export async function generateDemoData(db: Database, options: DemoOptions): Promise<DemoSummary> {
  const seed = options.seed ?? 20_26;
  const random = new SeededRandom(seed);
  const now = (options.now ?? new Date()).getTime();
  const total: DemoSummary = { valves: 0, workOrders: 0, records: 0, photos: 0, readings: 0 };
  const plan = [
    { org: DEMO_ORGANIZATIONS[0], people: DEMO_USERS, valves: options.valves ?? DEFAULT_DEMO_VALVES },
    { org: DEMO_ORGANIZATIONS[1], people: OTHER_ORGANIZATION_USERS, valves: OTHER_ORGANIZATION_VALVES },
  ];
  // One hash for every demo account: argon2 is slow on purpose, and they share the published demo password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const { org, people, valves: valveCount } of plan) {
    const [organization] = await db.insert(organizations).values(org).returning({ id: organizations.id });
    const organizationId = organization.id;
    const keep: KeepFile = (key, bytes, contentType) =>
      options.files.put(db, key, bytes, { organizationId, contentType });
    await seedDemoPlan(db, organizationId, now);
    const plantRows = await db
      .insert(plants)
      .values(DEMO_PLANTS.map((name) => ({ organizationId, name, timeZone: DEMO_PLANT_TIME_ZONES[name] })))
      .returning({ id: plants.id, name: plants.name });
    const staff = await db
      .insert(users)
      .values(people.map(({ plants: _limited, ...p }) => ({ ...p, organizationId, passwordHash })))
      .returning({ id: users.id, role: users.role });
    const limits = people.flatMap((p, i) =>
      (p.plants ?? []).map((name) => ({
        userId: staff[i].id,
        plantId: plantRows.find((r) => r.name === name)?.id ?? 0,
      })),
    );
    if (limits.length) await db.insert(userPlants).values(limits);
    const technicians = staff.filter((s) => s.role === 'technician').map((s) => s.id);
    const supervisors = staff.filter((s) => s.role !== 'technician').map((s) => s.id);
    const crew = { technicians: technicians.length ? technicians : supervisors, supervisors };

    const made = Array.from({ length: valveCount }, (_, i) => makeValve(random, i, now));
    await placeInTree(
      db,
      organizationId,
      made.map((m) => m.row),
    );
    const inserted: { id: number; valveId: string; type: string; status: string; plant: string }[] = [];
    for (let i = 0; i < made.length; i += 250) {
      const batch = made.slice(i, i + 250).map((m) => ({ ...m.row, organizationId }));
      inserted.push(
        ...(await db.insert(valves).values(batch).returning({
          id: valves.id,
          valveId: valves.valveId,
          type: valves.type,
          status: valves.status,
          plant: valves.plant,
        })),
      );
    }
    const facts = inserted.map((v, i) => ({ ...v, lastMaintenance: made[i].lastMaintenance }));

    // The current work orders, and for the first organization the past two years' closed ones (past-years.ts, its own
    // random stream so the plant stays as it was) inserted after them, so the current ones keep their ids. All are
    // numbered per year in the order raised, as the real sequence would have.
    const orders = facts
      .filter((v) => v.status !== 'decommissioned')
      .flatMap((v, i) => {
        const count =
          i < 5
            ? 2
            : random.weighted([
                [0, 30],
                [1, 40],
                [2, 20],
                [3, 10],
              ] as const);
        return makeWorkOrders(random, v, count, crew, now);
      })
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const past =
      org === DEMO_ORGANIZATIONS[0] && options.pastYears !== false
        ? pastYearsOfWork(
            new SeededRandom(seed + 35),
            facts.map((v, i) => ({
              ...v,
              intervalDays: made[i].row.maintenanceIntervalDays,
              model: made[i].row.model,
              system: made[i].row.system,
            })),
            crew,
            now,
            orders.length,
          )
        : { orders: [], records: [] };
    const everyOrder = [...orders, ...past.orders];
    const { numbers, last } = numberByYear(everyOrder.map((o) => o.createdAt));
    const orderRows = everyOrder.map((o, i) => ({
      updatedAt: o.completedAt ?? o.createdAt,
      ...o,
      organizationId,
      workOrderId: numbers[i],
    }));
    if (last.size) {
      await db.insert(workOrderSequences).values([...last].map(([year, n]) => ({ organizationId, year, last: n })));
    }
    const orderIds: number[] = [];
    for (let i = 0; i < orderRows.length; i += 500) {
      const ids = await db
        .insert(workOrders)
        .values(orderRows.slice(i, i + 500))
        .returning({ id: workOrders.id });
      orderIds.push(...ids.map((r) => r.id));
    }

    // What failed on the completed corrective work, and the downtime (its own random stream).
    const { failures, downtime } = demoFailures(
      new SeededRandom(seed + 37),
      organizationId,
      everyOrder.flatMap((o, i) =>
        o.completedAt
          ? [{ ...o, id: orderIds[i], completedAt: o.completedAt, completedByUserId: o.assignedToUserId }]
          : [],
      ),
    );
    await insertInBatches(db, workOrderFailures, failures, 1000);
    await insertInBatches(db, downtimePeriods, downtime, 1000);

    const records: RecordSpec[] = [
      ...facts.flatMap((v) => makeHistory(random, v, crew.technicians)),
      ...orders.flatMap((o, i) => (o.status === 'completed' ? [completionRecord(random, o, i, crew.technicians)] : [])),
      ...facts.slice(0, 4).map((v) => todaysInspection(random, v.id, crew.technicians, now)),
      ...past.records,
    ];
    await insertInBatches(
      db,
      maintenanceRecords,
      records.map(({ workOrderIndex, ...r }) => ({
        ...r,
        organizationId,
        workOrderId: workOrderIndex === null ? null : orderIds[workOrderIndex],
      })),
      1000,
    );

    const photoRows = [];
    if (org === DEMO_ORGANIZATIONS[0]) {
      for (const [i, v] of facts.slice(0, PHOTO_VALVES).entries()) {
        for (let k = 0; k < (i % 3 === 0 ? 2 : 1); k++) {
          const file = await writeDemoPhoto(keep, (i * 47) % 360, k);
          photoRows.push({
            ...file,
            organizationId,
            valveId: v.id,
            description: k === 0 ? `Nameplate and body, ${v.valveId}` : null,
            createdAt: new Date(now - random.int(1, 60) * DAY),
          });
        }
      }
      for (const [i, o] of orders.slice(-5).entries()) {
        const file = await writeDemoPhoto(keep, (i * 83) % 360, i);
        photoRows.push({
          ...file,
          organizationId,
          workOrderId: orderIds[orders.length - 5 + i],
          description: `Work in progress: ${o.title}`,
          createdAt: new Date(Math.min(now, o.createdAt.getTime() + DAY)),
        });
      }
      if (photoRows.length) await db.insert(photos).values(photoRows);
      // Its own random stream, so the procedures leave the rest of the demo plant as it was.
      const author = staff.find((s) => s.role === 'engineer')?.id ?? staff[0].id;
      await seedDemoProcedures(db, organizationId, author, new SeededRandom(seed + 21));
      await seedDemoDocuments(db, {
        organizationId,
        uploadedBy: author,
        keep,
        now,
        valves: facts.slice(0, DOCUMENT_VALVES).map((v, i) => ({ ...v, ...made[i].row })),
      });
      await generateReliefValves(db, {
        organizationId,
        now,
        keep,
        testers: [...crew.technicians, ...crew.supervisors],
        // The valve records a relief tag may stand on, with what its device must agree with (maker, size, service).
        reliefValves: facts.flatMap((v, i) =>
          v.type === 'Safety Relief Valve' && v.status !== 'decommissioned'
            ? [{ ...made[i].row, id: v.id, ratingPsi: made[i].process.ratingPsi }]
            : [],
        ),
        plants: DEMO_PLANTS,
      });
    }

    await insertInBatches(
      db,
      activities,
      recentActivity(random, facts, orders, orderRows, orderIds, organizationId, now),
      500,
    );

    const instrumented = facts.filter((v) => v.status !== 'decommissioned').slice(0, MAX_INSTRUMENTED_VALVES);
    let batch: ReadingRow[] = [];
    for (const [i, v] of instrumented.entries()) {
      const degrading = v.valveId === 'V-003-CV' || i % 12 === 7;
      for (const reading of hourlyReadings(random, v.id, made[facts.indexOf(v)].process, now, degrading)) {
        batch.push(reading);
        if (batch.length === 2000) {
          await db.insert(sensorReadings).values(batch.map((r) => ({ ...r, organizationId })));
          total.readings += batch.length;
          batch = [];
        }
      }
    }
    if (batch.length) await db.insert(sensorReadings).values(batch.map((r) => ({ ...r, organizationId })));
    total.readings += batch.length;

    // Two healthy globe (control) valves get a loop's channels at 1 Hz; the ones drifting hourly are left alone.
    const loops = instrumented.filter(
      (v, i) => v.type === 'Globe Valve' && v.status === 'active' && v.valveId !== 'V-004-NV' && i % 12 !== 7,
    );
    if (org === DEMO_ORGANIZATIONS[0]) total.readings += await seedDemoChannels(db, organizationId, loops, now);
    if (org === DEMO_ORGANIZATIONS[0]) {
      // The first technician of the demo works at every plant (the plant-limited one would not see most of the work).
      await addDemoPlans(db, organizationId, { supervisorId: supervisors[0], technicianId: crew.technicians[0] }, now);
    }
    if (org === DEMO_ORGANIZATIONS[0]) {
      await seedDemoAlarms(db, {
        organizationId,
        // Valves in service with no work in progress (the history's alarms were not suppressed), and not the loops,
        // whose episodes are the engine's own.
        valves: facts.filter(
          (v) =>
            v.status === 'active' &&
            !loops.includes(v) &&
            !everyOrder.some((o) => o.valveId === v.id && o.status === 'in_progress'),
        ),
        operator: { ...DEMO_OPERATOR, id: supervisors[0], organizationId, organizationName: org.name },
        random: new SeededRandom(seed + 35),
        now,
      });
    }
    if (org === DEMO_ORGANIZATIONS[0]) await seedDemoAlerts(db, organizationId, now);
    if (org === DEMO_ORGANIZATIONS[0]) {
      await seedDemoRequests(db, {
        organizationId,
        valveIds: facts.filter((v) => v.status !== 'decommissioned').map((v) => v.id),
        supervisorId: supervisors[0],
        now,
        keep,
      });
    }
    if (org === DEMO_ORGANIZATIONS[0]) {
      await seedDemoParts(db, {
        organizationId,
        plants: plantRows,
        storeman: supervisors[0],
        technicians: crew.technicians,
        now,
        random: new SeededRandom(seed + 33),
      });
      await seedDemoLabor(db, {
        organizationId,
        technicians: crew.technicians,
        supervisorId: supervisors[0],
        now,
        random: new SeededRandom(seed + 34),
      });
    }

    total.valves += facts.length;
    total.workOrders += everyOrder.length;
    total.records += records.length;
    total.photos += photoRows.length;
  }
  return total;
}
