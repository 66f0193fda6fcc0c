import { VALVE_TYPES } from '@common/constants';
import type { MovementKind } from '@common/schemas/parts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { partMovements, partStock, parts, stores, valves, workOrderParts, workOrders } from '../db/schema';
import type { SeededRandom } from '../lib/seeded-random';
import { MODELS, WORK_ORDER_TASKS } from './catalog';
import { CONSUMABLES, MAKER_CODES, SPARES_BY_TYPE } from './parts-catalog';
import { PAST_JOBS } from './past-jobs';
import { PAST_WORK_DAYS } from './past-years';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type DemoPart = {
  partNumber: string;
  name: string;
  manufacturer: string;
  unit: string;
  unitCost: number;
  minimumStock: number;
  fitsModels: string[];
};
/** The spares each job of the demo takes, by its title: a kind's code (PK, SR) or a consumable's part number. */
const SPARES_OF_JOB = new Map(
  [...Object.values(WORK_ORDER_TASKS).flat(), ...PAST_JOBS].map((job) => [job.title, job.spares]),
);

type Event = {
  at: number;
  kind: MovementKind;
  quantity: number;
  userId: number;
  workOrderId?: number;
  reason?: string;
};

/** The catalog: each demo valve model's spares from its maker, and the shop's consumables (150 parts). */
function demoCatalog(random: SeededRandom): DemoPart[] {
  const spares = VALVE_TYPES.flatMap((type) =>
    MODELS[type].flatMap((model) =>
      SPARES_BY_TYPE[type].map((kind) => ({
        partNumber: `${MAKER_CODES[model.manufacturer]}-${model.model
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 8)
          .toUpperCase()}-${kind.code}`,
        name: `${kind.name}, ${model.model}`,
        manufacturer: model.manufacturer,
        unit: kind.unit,
        unitCost: Math.round(random.between(kind.cost[0], kind.cost[1]) * 100) / 100,
        minimumStock: kind.minimum,
        fitsModels: [model.model],
      })),
    ),
  );
  const consumables = CONSUMABLES.map((c) => ({
    partNumber: c.partNumber,
    name: c.name,
    manufacturer: c.manufacturer,
    unit: c.unit,
    unitCost: c.cost,
    minimumStock: c.minimum,
    fitsModels: [],
  }));
  return [...spares, ...consumables];
}

/**
 * Stores and spares for the first demo organization (issue 33): a main storeroom per plant, 150 parts tied to the
 * demo's valve models, a year of deliveries, the completed work orders' parts issued from their plant's store, a
 * few count corrections, and some parts left under their minimum (the reorder list). Every stock row is the sum of
 * its movements, as the ledger keeps it. Its own random stream, so the rest of the demo plant stays as it was.
 */
export async function seedDemoParts(
  db: Database,
  options: {
    organizationId: number;
    plants: { id: number; name: string }[];
    storeman: number;
    technicians: number[];
    now: number;
    random: SeededRandom;
  },
): Promise<void> {
  const { organizationId, random, now } = options;
  const catalog = demoCatalog(random);
  // The storeman orders for the first two plants' storerooms; the others name nobody, so their plant's parts
  // managers are told: both ways of the reorder notification show.
  const storeRows = await db
    .insert(stores)
    .values(
      options.plants.map((p, i) => ({
        organizationId,
        plantId: p.id,
        name: 'Main storeroom',
        reorderContactUserId: i < 2 ? options.storeman : null,
      })),
    )
    .returning({ id: stores.id, plantId: stores.plantId });
  const plantOfStore = new Map(storeRows.map((s) => [s.id, options.plants.find((p) => p.id === s.plantId)?.name]));
  const storeOfPlant = new Map([...plantOfStore].map(([store, plant]) => [plant, store]));
  const run = await db
    .selectDistinct({ model: valves.model, plant: valves.plant })
    .from(valves)
    .where(eq(valves.organizationId, organizationId));
  const runsModel = new Set(run.map((r) => `${r.plant}:${r.model}`));
  // A few parts are left short on purpose (a slow supplier); the rest are restocked to once or twice their minimum.
  const short = new Set(catalog.map((_, i) => i).filter(() => random.chance(0.05)));
  const events = new Map<string, Event[]>();
  const eventsOf = (part: number, store: number) => {
    const key = `${part}:${store}`;
    if (!events.has(key)) events.set(key, []);
    return events.get(key) as Event[];
  };
  catalog.forEach((part, i) => {
    storeRows.forEach((store, k) => {
      // A short part is stocked in one store only, under its minimum; a model's spares where a plant runs the
      // model, and now and then as a spare for a neighbouring plant.
      const stocked = short.has(i)
        ? k === i % storeRows.length
        : !part.fitsModels.length ||
          runsModel.has(`${plantOfStore.get(store.id)}:${part.fitsModels[0]}`) ||
          random.chance(0.2);
      if (!stocked) return;
      const deliveries = short.has(i) ? 1 : random.int(1, 3);
      for (let d = 0; d < deliveries; d++) {
        const quantity = short.has(i) ? part.minimumStock - 1 : random.int(1, 2) * part.minimumStock;
        if (quantity <= 0) continue;
        eventsOf(i, store.id).push({
          // The first delivery stocked the shelf before the past work began (past-years.ts); the others came later.
          at:
            now -
            (d === 0 && !short.has(i)
              ? random.int(PAST_WORK_DAYS + 1, PAST_WORK_DAYS + 35)
              : random.int(20, PAST_WORK_DAYS)) *
              DAY,
          kind: 'receipt',
          quantity,
          userId: options.storeman,
          reason: `PO-${random.int(24_000, 26_999)}`,
        });
      }
    });
  });
  // The completed work orders took their job's spares for their valve's model, from their plant's store, on the
  // day they closed.
  const completed = await db
    .select({
      id: workOrders.id,
      title: workOrders.title,
      model: valves.model,
      plant: valves.plant,
      completedAt: workOrders.completedAt,
      assignee: workOrders.assignedToUserId,
    })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.status, 'completed')))
    .orderBy(workOrders.id);
  for (const order of completed) {
    const store = storeOfPlant.get(order.plant);
    if (!store || !order.completedAt) continue;
    const spares = SPARES_OF_JOB.get(order.title) ?? [];
    const at = order.completedAt.getTime();
    const by = order.assignee ?? random.pick(options.technicians);
    catalog.forEach((p, i) => {
      const taken = p.fitsModels.length
        ? p.fitsModels.includes(order.model ?? '') && spares.some((code) => p.partNumber.endsWith(`-${code}`))
        : spares.includes(p.partNumber);
      if (taken) eventsOf(i, store).push({ at, kind: 'issue', quantity: -1, userId: by, workOrderId: order.id });
    });
  }
  await writeLedger(db, organizationId, { catalog, events, short }, options.storeman, random, now);
}

/**
 * One shelf's events in time order, as the ledger would take them: an issue the shelf could not have met is left
 * out, and a shelf drawn under its `minimum` is reordered to twice it, delivered 4 to 14 days later (still on order
 * when that is after now). A short part (minimum null) waits on its slow supplier.
 */
function shelfOf(list: Event[], minimum: number | null, storeman: number, random: SeededRandom, now: number) {
  const kept: Event[] = [];
  let onHand = 0;
  let onOrder: Event | null = null;
  const take = (e: Event) => {
    onHand += e.quantity;
    kept.push(e);
  };
  for (const e of list.sort((a, b) => a.at - b.at)) {
    if (onOrder && onOrder.at <= e.at) {
      take(onOrder);
      onOrder = null;
    }
    if (onHand + e.quantity < 0) continue;
    take(e);
    if (minimum === null || onOrder || onHand >= minimum) continue;
    const at = e.at + random.int(4, 14) * DAY;
    if (at < now) {
      const reason = `PO-${random.int(24_000, 26_999)}`;
      onOrder = { at, kind: 'receipt', quantity: 2 * minimum - onHand, userId: storeman, reason };
    }
  }
  if (onOrder) take(onOrder);
  return kept;
}

/** The parts, each shelf's stock and movements (shelfOf), and the work orders' part lines. */
async function writeLedger(
  db: Database,
  organizationId: number,
  { catalog, events, short }: { catalog: DemoPart[]; events: Map<string, Event[]>; short: Set<number> },
  storeman: number,
  random: SeededRandom,
  now: number,
) {
  const partIds = (
    await db
      .insert(parts)
      .values(catalog.map((p) => ({ organizationId, ...p })))
      .returning({ id: parts.id })
  ).map((r) => r.id);
  const stockRows: (typeof partStock.$inferInsert)[] = [];
  const movements: (typeof partMovements.$inferInsert)[] = [];
  const lines = new Map<string, typeof workOrderParts.$inferInsert>();
  for (const [key, list] of events) {
    const [index, storeId] = key.split(':').map(Number);
    const part = catalog[index];
    const partId = partIds[index];
    const kept = shelfOf(list, short.has(index) ? null : part.minimumStock, storeman, random, now);
    let onHand = kept.reduce((sum, e) => sum + e.quantity, 0);
    // Now and then a count found one fewer than the books (a damaged ring, a lost gasket): after the shelf's last
    // movement, so the count is of what is on it now.
    if (onHand > 1 && random.chance(0.05)) {
      kept.push({
        at: Math.max(now - random.int(1, 15) * DAY, (kept.at(-1)?.at ?? 0) + HOUR),
        kind: 'adjustment',
        quantity: -1,
        userId: storeman,
        reason: 'Cycle count: one damaged in the bin',
      });
      onHand -= 1;
    }
    if (!kept.length) continue;
    stockRows.push({
      organizationId,
      partId,
      storeId,
      onHand,
      bin: `${String.fromCharCode(65 + (index % 6))}-${String(1 + (index % 12)).padStart(2, '0')}-${1 + (index % 4)}`,
    });
    for (const e of kept) {
      movements.push({
        organizationId,
        partId,
        storeId,
        kind: e.kind,
        quantity: e.quantity,
        unitCost: part.unitCost,
        workOrderId: e.workOrderId ?? null,
        reason: e.reason ?? null,
        userId: e.userId,
        at: new Date(e.at),
      });
      if (!e.workOrderId) continue;
      const lineKey = `${e.workOrderId}:${partId}:${storeId}`;
      const line = lines.get(lineKey) ?? {
        organizationId,
        workOrderId: e.workOrderId,
        partId,
        storeId,
        reserved: 0,
        issued: 0,
        cost: 0,
      };
      line.issued = (line.issued ?? 0) - e.quantity;
      line.cost = Math.round(line.issued * part.unitCost * 100) / 100;
      lines.set(lineKey, line);
    }
  }
  for (let i = 0; i < stockRows.length; i += 500) await db.insert(partStock).values(stockRows.slice(i, i + 500));
  movements.sort((a, b) => (a.at as Date).getTime() - (b.at as Date).getTime());
  for (let i = 0; i < movements.length; i += 500) await db.insert(partMovements).values(movements.slice(i, i + 500));
  const orderLines = [...lines.values()];
  for (let i = 0; i < orderLines.length; i += 500) await db.insert(workOrderParts).values(orderLines.slice(i, i + 500));
}
