/**
 * A maker's or model's name as compared (issue 30): lower case, runs of spaces as one, so "FISHER  Controls" is the
 * Fisher Controls already in use. Beside the schemas, not in them, so the client takes it without loading zod.
 */
export const foldMakerName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
