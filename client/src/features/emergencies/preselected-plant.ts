/**
 * The plant to preselect (issue 29): the valve's, if the user works there; else a plant-limited user's first, or
 * the only plant there is; else none, so a user of every plant picks one rather than raising the alarm in the
 * list's first plant by mistake.
 */
export function preselectedPlant(plants: readonly string[], limited: boolean, valvePlant?: string): string {
  if (valvePlant && plants.includes(valvePlant)) return valvePlant;
  return limited || plants.length === 1 ? (plants[0] ?? '') : '';
}
