import path from 'node:path';

/** The demo password every demo account shares (server/src/demo/accounts.ts). */
export const DEMO_PASSWORD = 'valveops-demo';

/** Demo people the suite signs in as; each gets a saved browser state made once by auth.setup.ts. */
export const PERSONAS = {
  supervisor: { email: 'supervisor@northfield.example', name: 'James Okafor' },
  admin: { email: 'admin@northfield.example', name: 'Alex Chen' },
  technician: { email: 'technician@northfield.example', name: 'Maria Santos' },
  engineer: { email: 'engineer@northfield.example', name: 'Priya Raman' },
} as const;
export type PersonaName = keyof typeof PERSONAS;

/**
 * Per server port (E2E_PORT), like the data directory: two suites running side by side on one machine must not
 * overwrite each other's cookies, which are only valid on the server that issued them.
 */
export const stateFile = (persona: PersonaName) =>
  path.join('test-results', '.auth', process.env.E2E_PORT ?? 'default', `${persona}.json`);

/** A technician limited to one plant. Not signed in by auth.setup.ts: specs that need them sign in themselves. */
export const LIMITED_TECHNICIAN = {
  email: 'tomas.ruiz@northfield.example',
  name: 'Tomás Ruiz',
  plants: ['Power Plant A'],
} as const;

/** A browser state with no cookies: for specs that start signed out (`test.use({ storageState: SIGNED_OUT })`). */
export const SIGNED_OUT = { cookies: [], origins: [] };
