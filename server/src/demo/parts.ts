import { VALVE_TYPES } from '@common/constants';
import type { MovementKind } from '@common/schemas/parts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { partMovements, partStock, parts, stores, valves, workOrderParts, workOrders } from '../db/schema';
import type { SeededRandom } from '../lib/seeded-random';
import { MODELS } from './catalog';
import { CONSUMABLES, MAKER_CODES, SPARES_BY_TYPE } from './parts-catalog';

const DAY = 86_400_000;

type DemoPart = {
  partNumber: string;
  name: string;
  manufacturer: string;
  unit: string;
  unitCost: number;
  minimumStock: number;
  fitsModels: string[];
};
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
  const storeOfPlant = new Map(
    storeRows.map((s) => [options.plants.find((p) => p.id === s.plantId)?.name ?? '', s.id] as const),
  );
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
      // A short part is stocked in one store only, under its minimum; a model's spares in about 3 stores of 5.
      if (short.has(i) ? k !== i % storeRows.length : part.fitsModels.length > 0 && !random.chance(0.6)) return;
      const deliveries = short.has(i) ? 1 : random.int(1, 3);
      for (let d = 0; d < deliveries; d++) {
        const quantity = short.has(i) ? part.minimumStock - 1 : random.int(1, 2) * part.minimumStock;
        if (quantity <= 0) continue;
        eventsOf(i, store.id).push({
          at: now - random.int(20, 365) * DAY,
          kind: 'receipt',
          quantity,
          userId: options.storeman,
          reason: `PO-${random.int(24_000, 26_999)}`,
        });
      }
    });
  });
  // The completed work orders took parts that fit their valve, from their plant's store, on the day they closed.
  const completed = await db
    .select({ id: workOrders.id, model: valves.model, plant: valves.plant, completedAt: workOrders.completedAt })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.status, 'completed')));
  for (const order of completed) {
    const store = storeOfPlant.get(order.plant);
    const fitting = catalog.flatMap((p, i) => (p.fitsModels.includes(order.model ?? '') ? [i] : []));
    if (!store || !fitting.length || !order.completedAt || random.chance(0.3)) continue;
    for (let k = random.int(1, 3); k > 0; k--) {
      eventsOf(random.pick(fitting), store).push({
        at: order.completedAt.getTime(),
        kind: 'issue',
        quantity: -random.int(1, 2),
        userId: random.pick(options.technicians),
        workOrderId: order.id,
      });
    }
  }
  await writeLedger(db, organizationId, catalog, events, options.storeman, random, now);
}

/** In time order per stock row: an issue the shelf could not have met is left out, as the ledger would refuse it. */
async function writeLedger(
  db: Database,
  organizationId: number,
  catalog: DemoPart[],
  events: Map<string, Event[]>,
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
    let onHand = 0;
    const kept: Event[] = [];
    for (const e of list.sort((a, b) => a.at - b.at)) {
      if (onHand + e.quantity < 0) continue;
      onHand += e.quantity;
      kept.push(e);
    }
    // Now and then a count found one fewer than the books (a damaged ring, a lost gasket).
    if (onHand > 1 && random.chance(0.05)) {
      kept.push({
        at: now - random.int(1, 15) * DAY,
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
  if (lines.size) await db.insert(workOrderParts).values([...lines.values()]);
}
