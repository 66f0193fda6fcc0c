import type { ImportMapping, ImportMappingInput } from '@common/schemas/import-mappings';
import { apiGet, apiSend } from '@/lib/http';

/** The organization's saved CSV mappings, last saved first (kept server-side, so any device finds them). */
export function getImportMappings(): Promise<ImportMapping[]> {
  return apiGet<ImportMapping[]>('/api/sensor-readings/import-mappings');
}

/** Saves how a source's columns map, for the next file from it. */
export async function saveImportMapping(input: ImportMappingInput): Promise<ImportMapping> {
  const saved = await apiSend<ImportMapping>('PUT', '/api/sensor-readings/import-mappings', input);
  if (!saved) throw new Error('The server did not confirm the mapping.');
  return saved;
}
