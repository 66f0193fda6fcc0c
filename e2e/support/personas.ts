import path from 'node:path';

/** The demo password every demo account shares (server/src/db/demo/accounts.ts). */
export const DEMO_PASSWORD = 'valveops-demo';

/** Demo people the suite signs in as; each gets a saved browser state made once by auth.setup.ts. */
export const PERSONAS = {
  supervisor: { email: 'supervisor@northfield.example', name: 'James Okafor' },
  admin: { email: 'admin@northfield.example', name: 'Alex Chen' },
  technician: { email: 'technician@northfield.example', name: 'Maria Santos' },
  engineer: { email: 'engineer@northfield.example', name: 'Priya Raman' },
} as const;
export type PersonaName = keyof typeof PERSONAS;

export const stateFile = (persona: PersonaName) => path.join('test-results', '.auth', `${persona}.json`);
