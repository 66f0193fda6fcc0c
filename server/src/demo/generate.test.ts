import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PLANTS, FILTER_VALVE_TYPES, SAMPLE_VALVE_IDS } from '@common/constants';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  photos,
  reliefDevices,
  reliefInstallations,
  reliefTags,
  sensorReadings,
  valveChannels,
  valves,
  workOrders,
} from '../db/schema';
import { directoryFiles } from '../lib/stored-files';
import { listEpisodes, recomputeOrganization } from '../modules/analytics';
import { generateDemoData } from './generate';
import { SYSTEM_SERVICES } from './relief-catalog';

const now = new Date('2026-11-20T12:00:00Z');
let uploadsDir: string;
const handles: DatabaseHandle[] = [];

async function seeded(valveCount: number, seed = 7) {
  const handle = await openDatabase({});
  handles.push(handle);
  await handle.migrate();
  await generateDemoData(handle.db, { valves: valveCount, seed, now, files: directoryFiles(uploadsDir) });
  return handle.db;
}

/** The default demo plant, seeded once for the tests that read it. */
let plant: Awaited<ReturnType<typeof seeded>>;
beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'valveops-demo-'));
  plant = await seeded(64);
});
afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
  await rm(uploadsDir, { recursive: true, force: true });
});

describe('demo plant', () => {
  it('is the same for the same seed and clock', async () => {
    const [a, b] = await Promise.all([seeded(8), seeded(8)]);
    const rows = (db: typeof a) =>
      db
        .select({ valveId: valves.valveId, plant: valves.plant, manual: valves.operatingManual })
        .from(valves)
        .orderBy(asc(valves.id));
    expect(await rows(a)).toEqual(await rows(b));
    const firstReadings = (db: typeof a) =>
      db
        .select({ value: sensorReadings.value })
        .from(sensorReadings)
        .orderBy(asc(sensorReadings.valveId), asc(sensorReadings.timestamp), asc(sensorReadings.sensorType))
        .limit(50);
    expect(await firstReadings(a)).toEqual(await firstReadings(b));
  });

  it('has the spec’s plants, valve types, the five sample IDs and every valve status', async () => {
    const db = plant;
    const list = await db.select().from(valves).where(eq(valves.organizationId, 1)).orderBy(asc(valves.id));
    expect(list.length).toBeGreaterThanOrEqual(60);
    expect(list.slice(0, 5).map((v) => v.valveId)).toEqual([...SAMPLE_VALVE_IDS]);
    expect(new Set(list.map((v) => v.plant))).toEqual(new Set(DEMO_PLANTS));
    for (const type of [...FILTER_VALVE_TYPES, 'Safety Relief Valve'])
      expect(list.some((v) => v.type === type)).toBe(true);
    expect(new Set(list.map((v) => v.status))).toEqual(new Set(['active', 'maintenance', 'overdue', 'decommissioned']));
  });

  it('writes manuals in the formats the manual dialog reads', async () => {
    const db = plant;
    const [v] = await db.select().from(valves).where(eq(valves.valveId, 'V-001-BV')).limit(1);
    expect(v.operatingManual).toMatch(/^[A-Z0-9 .,'&-]+:$/m);
    expect(v.operatingManual).toMatch(/^\d+\. /m);
    expect(v.operatingManual).toMatch(/^• /m);
    expect(v.operatingManual).toMatch(/Air Supply: .+/);
    expect(v.operatingManual).toMatch(/Torque Output: .+/);
    expect(v.operatingManual).toMatch(/Fail Position: .+/);
    expect(v.installationGuide).toMatch(/^TOOLING:\n(• .+\n?)+$/m);
  });

  it('records 30 days of hourly readings per sensor, photos as files, and work orders due around today', async () => {
    const db = plant;
    const [{ n, first, last }] = await db
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        first: sql<string>`min(${sensorReadings.timestamp})`,
        last: sql<string>`max(${sensorReadings.timestamp})`,
      })
      .from(sensorReadings)
      .where(eq(sensorReadings.valveId, 1));
    expect(n).toBe(30 * 24 * 3);
    expect((Date.parse(last) - Date.parse(first)) / 3_600_000).toBe(30 * 24 - 1);

    const files = new Set(await readdir(uploadsDir));
    const stored = await db.select().from(photos);
    expect(stored.length).toBeGreaterThan(0);
    for (const p of stored) expect(files.has(p.storageKey) && files.has(p.thumbnailKey)).toBe(true);

    const due = await db.select({ d: workOrders.dueDate }).from(workOrders);
    const days = due.map((w) => ((w.d?.getTime() ?? 0) - now.getTime()) / 86_400_000);
    expect(Math.min(...days)).toBeLessThan(0);
    expect(Math.max(...days)).toBeGreaterThan(0);
  });

  it("gives two control valves a loop's channels at 1 Hz, where the engine finds the blockage as one closed episode", async () => {
    const db = plant;
    const rows = await db
      .select({ valveId: valveChannels.valveId, name: valveChannels.name, unit: valveChannels.unit })
      .from(valveChannels)
      .orderBy(asc(valveChannels.valveId), asc(valveChannels.id));
    const byValve = new Map<number, typeof rows>();
    for (const r of rows) byValve.set(r.valveId, [...(byValve.get(r.valveId) ?? []), r]);
    expect(byValve.size).toBe(2);
    const [blocked, healthy] = [...byValve.keys()];
    expect(byValve.get(blocked)?.map((c) => c.name)).toEqual(
      expect.arrayContaining(['flow', 'P1_upstream', 'motor_current']),
    );
    await recomputeOrganization(db, 1, { only: [blocked, healthy], now });
    const episodes = await listEpisodes(db, blocked, {});
    expect(episodes).toHaveLength(1);
    expect(episodes[0].end).not.toBeNull();
    expect(episodes[0].fault).toBe('blockage');
    expect(episodes[0].channels[0]).toMatchObject({ channel: 'flow', direction: 'down' });
    expect(await listEpisodes(db, healthy, {})).toEqual([]);
  }, 120_000);

  it('installs on each relief tag with a valve record a device of its maker, model and size, for its system and plant', async () => {
    const rows = await plant
      .select({ tag: reliefTags, valve: valves, device: reliefDevices })
      .from(reliefTags)
      .innerJoin(valves, eq(valves.id, reliefTags.valveId))
      .innerJoin(
        reliefInstallations,
        and(eq(reliefInstallations.tagId, reliefTags.id), isNull(reliefInstallations.removedOn)),
      )
      .innerJoin(reliefDevices, eq(reliefDevices.id, reliefInstallations.deviceId));
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.map((r) => r.tag.tag)).toContain('PSV-1075');
    for (const { tag, valve, device } of rows) {
      const service = SYSTEM_SERVICES[valve.plant as keyof typeof SYSTEM_SERVICES][valve.system ?? ''];
      expect([device.manufacturer, device.model, device.inletSize]).toEqual([
        valve.manufacturer,
        valve.model,
        valve.size,
      ]);
      expect([tag.plant, tag.service, device.serviceFluid]).toEqual([valve.plant, service.service, service.fluid]);
      expect(device.setPressure).toBe(tag.setPressure);
    }
  });

  it('stocks a storeroom per plant with 150 spares of its valve models, a ledger that adds up, and some to reorder', async () => {
    const [counts] = await rowsOf<{ stores: number; parts: number; fitting: number; issued: number }>(
      plant,
      sql`select (select count(*)::int from stores where organization_id = 1) as stores,
        (select count(*)::int from parts where organization_id = 1) as parts,
        (select count(*)::int from parts p where organization_id = 1 and exists
          (select 1 from valves v where v.organization_id = 1 and v.model = any (p.fits_models))) as fitting,
        (select count(*)::int from work_order_parts where organization_id = 1 and issued > 0) as issued`,
    );
    expect(counts).toMatchObject({ stores: DEMO_PLANTS.length, parts: 150 });
    expect(counts.fitting).toBeGreaterThan(20);
    expect(counts.issued).toBeGreaterThan(0);
    const wrong = await rowsOf(
      plant,
      sql`select s.id from part_stock s where s.on_hand <> (select coalesce(sum(quantity), 0) from part_movements m
        where m.part_id = s.part_id and m.store_id = s.store_id and m.kind in ('receipt', 'adjustment', 'issue', 'return'))`,
    );
    expect(wrong).toEqual([]);
    const [{ short }] = await rowsOf<{ short: number }>(
      plant,
      sql`select count(*)::int as short from parts p where p.organization_id = 1 and p.minimum_stock >
        (select coalesce(sum(on_hand - reserved), 0) from part_stock s where s.part_id = p.id)`,
    );
    expect(short).toBeGreaterThanOrEqual(3);
    expect(short).toBeLessThan(40);
  });
});
