import { partsReorderExportQuery } from '@common/schemas/exports';
import type { Part } from '@common/schemas/parts';
import { exportSource } from '../../lib/exports/source';
import { reorderList } from './service';

/**
 * The reorder list as a file (issue 33): one page, since the list is the parts under their minimum (a short list
 * by nature) and is read whole to total every store's stock; `plant` keeps one plant's stores.
 */
export const partsReorderExport = exportSource({
  kind: 'parts-reorder',
  filters: partsReorderExportQuery,
  columns: [
    { header: 'Part number', cell: (p: Part) => p.partNumber, width: 18 },
    { header: 'Name', cell: (p) => p.name, width: 36 },
    { header: 'Manufacturer', cell: (p) => p.manufacturer, width: 18 },
    { header: 'Unit', cell: (p) => p.unit },
    { header: 'On hand', cell: (p) => p.onHand },
    { header: 'Reserved', cell: (p) => p.reserved },
    { header: 'Available', cell: (p) => p.available },
    { header: 'Minimum', cell: (p) => p.minimumStock },
    { header: 'To order', cell: (p) => Math.round((p.minimumStock - p.available) * 1000) / 1000 },
    { header: 'Unit cost', cell: (p) => p.unitCost },
    { header: 'Currency', cell: (p) => p.currency },
    { header: 'Fits models', cell: (p) => p.fitsModels.join('; '), width: 30 },
  ],
  page: async (db, scope, query, after) => {
    if (after) return [];
    const limited = query.plant
      ? { ...scope, plants: (scope.plants ?? [query.plant]).filter((p) => p === query.plant) }
      : scope;
    return reorderList(db, limited);
  },
});
