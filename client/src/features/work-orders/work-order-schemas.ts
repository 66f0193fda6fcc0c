import { lazySchemas } from '@/lib/contract-check';

/** The work order endpoints' schemas, which the forms check with: loaded when a form opens (lib/contract-check.ts). */
export const workOrderSchemas = lazySchemas(() => import('@common/schemas/work-orders'));
