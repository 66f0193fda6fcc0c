import type { ValveLookup, ValveSummary } from '@common/schemas/valves';
import type { ValveIdentity } from '@common/schemas/work-orders';
import type { valves } from '../../db/schema';

type ValveRow = typeof valves.$inferSelect;

/** The list's fields: everything but the long documentation texts. */
export function presentValveSummary(row: Pick<ValveRow, keyof ValveSummary>): ValveSummary {
  return {
    ...presentWorkOrderValve(row),
    manufacturer: row.manufacturer,
    model: row.model,
    status: row.status,
    lastMaintenance: row.lastMaintenance,
    nextMaintenance: row.nextMaintenance,
  };
}

export function presentValveLookup(row: Pick<ValveRow, keyof ValveLookup>): ValveLookup {
  return {
    id: row.id,
    valveId: row.valveId,
    type: row.type,
    size: row.size,
    plant: row.plant,
    location: row.location,
  };
}

/** The valve as a work order shows it (common's valveIdentity). */
function presentWorkOrderValve(row: Pick<ValveRow, keyof ValveIdentity>): ValveIdentity {
  return {
    id: row.id,
    valveId: row.valveId,
    type: row.type,
    size: row.size,
    pressure: row.pressure,
    plant: row.plant,
    location: row.location,
    system: row.system,
  };
}
