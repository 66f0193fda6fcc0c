import type { ValveReliability } from '@common/schemas/reliability';
import { badActorFilters } from '@common/schemas/reliability';
import { exportSource } from '../../lib/exports/source';
import type { CostsOf } from '../costs';
import { badActors } from './service';

/**
 * The bad actors as a file (issue 34): one page, since the ranking reads every valve of the filters to order them
 * (the list is the valves that failed, short by nature); `limit` keeps the first so many.
 */
export const badActorExport = (costsOf: CostsOf) =>
  exportSource({
    kind: 'bad-actors',
    filters: badActorFilters,
    columns: [
      { header: 'Valve ID', cell: (r: ValveReliability) => r.valve.valveId, width: 16 },
      { header: 'Type', cell: (r) => r.valve.type, width: 18 },
      { header: 'Plant', cell: (r) => r.valve.plant, width: 16 },
      { header: 'Area', cell: (r) => r.valve.area, width: 16 },
      { header: 'System', cell: (r) => r.valve.system, width: 16 },
      { header: 'Manufacturer', cell: (r) => r.valve.manufacturer, width: 16 },
      { header: 'Model', cell: (r) => r.valve.model, width: 16 },
      { header: 'Failures', cell: (r) => r.failures },
      { header: 'Operating hours', cell: (r) => r.operatingHours },
      { header: 'MTBF (h)', cell: (r) => r.mtbfHours },
      { header: 'MTTR (h)', cell: (r) => r.mttrHours },
      { header: 'Downtime (h)', cell: (r) => r.downtimeHours },
      { header: 'Cost', cell: (r) => r.cost },
      { header: 'Currency', cell: (r) => r.currency },
      { header: 'Last failure', cell: (r) => (r.lastFailureAt ? new Date(r.lastFailureAt) : null) },
      { header: 'Top failure mode', cell: (r) => (r.topMode ? `${r.topMode} ${r.topModeLabel}` : null), width: 30 },
    ],
    page: async (db, scope, query, after) =>
      after ? [] : badActors(db, scope, costsOf, { ...query, limit: query.limit ?? Number.MAX_SAFE_INTEGER }),
  });
