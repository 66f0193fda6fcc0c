/**
 * The area a location text names when no area is given (issue 30): the text before its first comma ("Unit 1, Elev.
 * 12 ft, Line 345" is in "Unit 1"), the whole text when it has none. Migration 0030 applies the same rule in SQL.
 * A file without zod, so the client's form can use it without pulling the contract into its first bundle.
 */
export const areaOfLocation = (location: string) => location.split(',')[0].trim();
