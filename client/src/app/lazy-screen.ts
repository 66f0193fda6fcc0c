import type { ComponentType } from 'react';

/**
 * A screen in its own chunk, loaded on first visit, so the first download stays small: Stripe, charts, the CSV
 * parser and the office screens load only where they are used. The service worker precaches every chunk; the
 * screens a technician needs in the field with no signal are fetched ahead as well (./field-screens.ts).
 */
export function screen<Module>(load: () => Promise<Module>, name: keyof Module) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}
