import { z } from 'zod';
import { required } from './fields';
import { isoDateTime } from './params';
import { plantName } from './plants';

export const raiseEmergencyBody = z.object({
  plant: plantName,
  reason: required(500),
});
export type RaiseEmergencyBody = z.infer<typeof raiseEmergencyBody>;

/** Clearing says why it is safe again (issue 29): the note goes to everyone who was told of the emergency. */
export const clearEmergencyBody = z.object({ note: required(500) });
export type ClearEmergencyBody = z.infer<typeof clearEmergencyBody>;

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** An emergency raised for a plant: who, when, why; active until a supervisor clears it. */
export const emergency = z.object({
  id: z.number().int(),
  plant: z.string(),
  reason: z.string(),
  raisedBy: person,
  raisedAt: isoDateTime,
  clearedBy: person,
  clearedAt: isoDateTime.nullable(),
  clearNote: z.string().nullable(),
});
export type Emergency = z.infer<typeof emergency>;

export const emergencyList = z.array(emergency);
