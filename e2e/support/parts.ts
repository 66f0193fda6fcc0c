import { type APIRequestContext, expect } from '@playwright/test';
import type { Part, Store } from '../../common/schemas/parts';
import type { Plant } from '../../common/schemas/plants';
import { getJson } from './api';

/** A store at the plant and a part made for this run (fitting `model`), with `onHand` received into the store. */
export async function stockedPart(supervisor: APIRequestContext, plant: string, model: string, onHand: number) {
  const plants = await getJson<Plant[]>(supervisor, '/api/plants');
  const plantId = plants.find((p) => p.name === plant)?.id;
  const run = Math.floor(Math.random() * 1_000_000);
  const store = await supervisor.post('/api/stores', { data: { name: `E2E crib ${run}`, plantId } });
  expect(store.status(), await store.text()).toBe(201);
  const storeRow = (await store.json()) as Store;
  const part = await supervisor.post('/api/parts', {
    data: {
      partNumber: `E2E-SR-${run}`,
      name: 'Seat ring, stellite faced',
      unit: 'each',
      unitCost: 120.5,
      minimumStock: 1,
      fitsModels: [model],
    },
  });
  expect(part.status(), await part.text()).toBe(201);
  const partRow = (await part.json()) as Part;
  const receipt = await supervisor.post(`/api/parts/${partRow.id}/receipts`, {
    data: { storeId: storeRow.id, quantity: onHand },
  });
  expect(receipt.status(), await receipt.text()).toBe(201);
  return { store: storeRow, part: partRow };
}
