/** Issue 27, item 13: a failing background job logged its SQL with the parameters; it logs message and code only. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../testing/test-app';
import { errorSummary, startJobQueue } from './queue';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

const SECRET = 'tag V-SECRET-42 of a customer';

describe('a failing job', () => {
  it('logs the database message and code, never the statement or its parameters', async () => {
    const logged: object[] = [];
    const queue = await startJobQueue({
      db: t.db,
      log: { info: () => {}, error: (details) => logged.push(details) },
      jobs: [
        {
          name: 'test-failing-query',
          retryLimit: 0,
          run: (db) => db.execute(sql`select ${SECRET}::text as tag, 1 / ${0}::int as ratio`),
        },
      ],
      pollingSeconds: 0.5,
    });
    try {
      await queue.send('test-failing-query');
      const end = Date.now() + 10_000;
      while (!logged.length && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await queue.stop();
    }
    expect(logged).toEqual([{ job: 'test-failing-query', error: { message: 'division by zero', code: '22012' } }]);
    expect(JSON.stringify(logged)).not.toContain('V-SECRET-42');
  });

  it('summarises an error of any shape', () => {
    expect(errorSummary(new Error('plain'))).toEqual({ message: 'plain' });
    expect(errorSummary(Object.assign(new Error('Failed query: x\nparams: secret'), { params: ['secret'] }))).toEqual({
      message: 'a statement failed',
    });
    expect(errorSummary('a string')).toEqual({ message: 'a string' });
  });
});
