import { expect, test as setup } from '@playwright/test';
import { DEMO_PASSWORD, PERSONAS, type PersonaName, stateFile } from './support/personas';

/** Signs each persona in once through the API and saves the cookie, so specs start signed in. */
for (const persona of Object.keys(PERSONAS) as PersonaName[]) {
  setup(`sign in as ${persona}`, async ({ request }) => {
    const response = await request.post('/api/auth/sign-in', {
      data: { email: PERSONAS[persona].email, password: DEMO_PASSWORD },
    });
    expect(response.status()).toBe(200);
    await request.storageState({ path: stateFile(persona) });
  });
}
