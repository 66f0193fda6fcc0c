import { lazySchemas } from '@/lib/contract-check';

/** The valve endpoints' schemas, which the forms check with: loaded when a form opens (lib/contract-check.ts). */
export const valveSchemas = lazySchemas(() => import('@common/schemas/valves'));
