import { valveExportQuery } from '@common/schemas/exports';
import type { ValveSummary } from '@common/schemas/valves';
import { exportSource, inWords } from '../../lib/exports/source';
import { listValvePage } from './service';

/** The valve list as a file (decisions/107): its filters and scope are the list's own, read by its keyset pages. */
export const valveExport = exportSource({
  kind: 'valves',
  filters: valveExportQuery,
  columns: [
    { header: 'Valve ID', cell: (v: ValveSummary) => v.valveId, width: 16 },
    { header: 'Type', cell: (v) => v.type, width: 18 },
    { header: 'Size', cell: (v) => v.size },
    { header: 'Pressure rating', cell: (v) => v.pressure, width: 16 },
    { header: 'Plant', cell: (v) => v.plant, width: 20 },
    { header: 'Area', cell: (v) => v.area, width: 18 },
    { header: 'System', cell: (v) => v.system, width: 18 },
    { header: 'Location', cell: (v) => v.location, width: 24 },
    { header: 'Manufacturer', cell: (v) => v.manufacturer, width: 18 },
    { header: 'Model', cell: (v) => v.model, width: 16 },
    { header: 'Status', cell: (v) => inWords(v.status) },
    { header: 'Criticality', cell: (v) => v.criticality },
    { header: 'Last maintenance', cell: (v) => v.lastMaintenance, width: 18 },
    { header: 'Next maintenance', cell: (v) => v.nextMaintenance, width: 18 },
  ],
  page: async (db, scope, query, after, size) =>
    (await listValvePage(db, scope, { ...query, limit: size, cursor: after?.id })).items,
});
