import { valves } from '../../db/schema';

/** The columns of common's valveIdentity: what a work order shows of its valve. */
export const valveIdentityColumns = {
  id: valves.id,
  valveId: valves.valveId,
  type: valves.type,
  size: valves.size,
  pressure: valves.pressure,
  plant: valves.plant,
  location: valves.location,
  system: valves.system,
};

/** The list's columns: everything but the long documentation texts. */
export const valveSummaryColumns = {
  ...valveIdentityColumns,
  manufacturer: valves.manufacturer,
  model: valves.model,
  status: valves.status,
  lastMaintenance: valves.lastMaintenance,
  nextMaintenance: valves.nextMaintenance,
};
