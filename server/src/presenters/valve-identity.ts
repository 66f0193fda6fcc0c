import { valves } from '../db/schema';

/**
 * common's valveIdentity, as fields of the valves table keyed by the wire's names: what every record about a valve
 * carries of it (a work order's `valve`), and the start of the valve's own summary.
 */
export const valveIdentityFields = {
  id: valves.id,
  valveId: valves.valveId,
  type: valves.type,
  size: valves.size,
  pressure: valves.pressure,
  plant: valves.plant,
  area: valves.area,
  location: valves.location,
  system: valves.system,
};
