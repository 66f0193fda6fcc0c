import { z } from 'zod';
import { required } from './fields';
import { recordId } from './params';

/*
 * A plant's hierarchy (issue 30): plant → unit or area → system → valve position. The position is the valve
 * itself, with its location text as the position's description. Roll-ups count the valves under each node.
 */

/** An area's name; no comma, because a location written "Unit 1, Elev. 12 ft" names its area before the comma. */
export const areaName = required(200).refine((name) => !name.includes(','), { error: 'must not contain a comma' });
export const systemName = required(100);

/**
 * How many valves in service a node holds and how many of them need attention now; decommissioned ones are counted
 * apart: they keep their place (their history names it), so a node holding only those is not removed either.
 */
const rollUp = {
  valves: z.number(),
  overdue: z.number(),
  inMaintenance: z.number(),
  decommissioned: z.number(),
};

export const plantSystemNode = z.object({ id: z.number(), name: z.string(), ...rollUp });
export type PlantSystemNode = z.infer<typeof plantSystemNode>;

export const plantAreaNode = z.object({
  id: z.number(),
  name: z.string(),
  ...rollUp,
  systems: z.array(plantSystemNode),
});
export type PlantAreaNode = z.infer<typeof plantAreaNode>;

export const plantTree = z.object({
  plantId: z.number(),
  plant: z.string(),
  ...rollUp,
  areas: z.array(plantAreaNode),
});
export type PlantTree = z.infer<typeof plantTree>;

export const areaBody = z.object({ name: areaName });
export type AreaBody = z.infer<typeof areaBody>;
export const systemCreateBody = z.object({ name: systemName });
export type SystemCreateBody = z.infer<typeof systemCreateBody>;
/** Rename a system, move it to another area of the same plant (its valves move with it), or both. */
export const systemUpdateBody = z
  .object({ name: systemName.optional(), areaId: recordId.optional() })
  .refine((body) => body.name !== undefined || body.areaId !== undefined, {
    error: 'name or areaId is required',
  });
export type SystemUpdateBody = z.infer<typeof systemUpdateBody>;
