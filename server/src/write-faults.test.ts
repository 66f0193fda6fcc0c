import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client';
import { emergencies, valves, workOrders } from './db/schema';
import type { WriteStage } from './plugins/idempotency';
import { send } from './testing/send';
import { createTestApp, type TestContext } from './testing/test-app';

/** What the next write should suffer: a failure at a stage of its transaction, or at its nth statement. */
let fault: { stage: WriteStage } | { statement: number } | null = null;
let restore: (() => void) | null = null;

/** Makes the transaction's connection fail its nth statement (after BEGIN; counting from 1). */
function failStatement(tx: Database, n: number) {
  const client = (tx as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }).session.client;
  const query = client.query;
  let seen = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    seen++;
    if (seen === n) throw new Error(`injected failure at statement ${n}`);
    return query.apply(this, args);
  };
  restore = () => {
    client.query = query;
  };
}

let t: TestContext;
let valveId: number;
beforeAll(async () => {
  t = await createTestApp({
    valves: 4,
    writeFaults: {
      at: (stage, tx) => {
        if (!fault) return;
        if ('statement' in fault && stage === 'begun') failStatement(tx, fault.statement);
        if ('stage' in fault && fault.stage === stage) throw new Error(`injected failure at ${stage}`);
      },
    },
  });
  const [v] = await t.db.select({ id: valves.id }).from(valves).limit(1);
  valveId = v.id;
});
afterAll(() => t.close());

const raise = (title: string, key: string) =>
  send(t, 'POST', '/api/work-orders', { valveId, title }, { idempotencyKey: key });
const written = async (title: string) =>
  (await t.db.select({ n: count() }).from(workOrders).where(eq(workOrders.title, title)))[0].n;

async function underFault(next: typeof fault, title: string, key: string) {
  fault = next;
  try {
    return await raise(title, key);
  } finally {
    fault = null;
    restore?.();
    restore = null;
  }
}

describe('a write with an Idempotency-Key, failing anywhere', () => {
  it('fails between any two statements with nothing written, and the retry writes it once', async () => {
    let statements = 0;
    for (let n = 1; n < 40; n++) {
      const title = `Packing leak ${n}`;
      const failed = await underFault({ statement: n }, title, `statement-fault-${n}`);
      if (failed.statusCode === 201) break;
      statements = n;
      expect(failed.statusCode).toBe(500);
      expect(await written(title)).toBe(0);
      const retried = await raise(title, `statement-fault-${n}`);
      expect(retried.statusCode).toBe(201);
      expect((await raise(title, `statement-fault-${n}`)).headers['idempotent-replayed']).toBe('true');
      expect(await written(title)).toBe(1);
    }
    // The key's claim (one statement since issue 31), the valve's check, the raise, the answer's read and the key's
    // answer: all were tried.
    expect(statements).toBeGreaterThanOrEqual(5);
  });

  it.each(['begun', 'answered', 'recorded', 'committed'] as const)(
    'fails at %s, and the retry finds the committed answer or nothing',
    async (stage) => {
      const title = `Stem seized at ${stage}`;
      const failed = await underFault({ stage }, title, `stage-fault-${stage}`);
      expect(failed.statusCode).toBe(500);
      expect(await written(title)).toBe(stage === 'committed' ? 1 : 0);
      const retried = await raise(title, `stage-fault-${stage}`);
      expect(retried.statusCode).toBe(201);
      expect(retried.headers['idempotent-replayed']).toBe(stage === 'committed' ? 'true' : undefined);
      expect(await written(title)).toBe(1);
    },
  );
});

describe('the newer domains’ writes, failing after the handler', () => {
  const underAnswerFault = async (url: string, body: unknown, key: string) => {
    fault = { stage: 'answered' };
    try {
      return await send(t, 'POST', url, body, { idempotencyKey: key, as: 'admin' });
    } finally {
      fault = null;
    }
  };

  it('raises an emergency once: nothing after the failure, once on the retry, replayed after', async () => {
    const body = { plant: 'Gas Plant B', reason: 'Fault drill: gas detector alarm' };
    const raised = async () =>
      (await t.db.select({ n: count() }).from(emergencies).where(eq(emergencies.reason, body.reason)))[0].n;
    expect((await underAnswerFault('/api/emergencies', body, 'emergency-fault-1')).statusCode).toBe(500);
    expect(await raised()).toBe(0);
    expect(
      (await send(t, 'POST', '/api/emergencies', body, { idempotencyKey: 'emergency-fault-1', as: 'admin' }))
        .statusCode,
    ).toBe(201);
    const replay = await send(t, 'POST', '/api/emergencies', body, {
      idempotencyKey: 'emergency-fault-1',
      as: 'admin',
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await raised()).toBe(1);
  });

  it('cancels a work order in the write’s transaction: the failure leaves it open, the retry cancels it', async () => {
    const created = await raise('To be cancelled under fault', 'cancel-fault-create');
    const { id, version } = created.json();
    const body = { version, reason: 'Duplicate of another order' };
    const url = `/api/work-orders/${id}/cancel`;
    expect((await underAnswerFault(url, body, 'cancel-fault-1')).statusCode).toBe(500);
    const [open] = await t.db.select({ status: workOrders.status }).from(workOrders).where(eq(workOrders.id, id));
    expect(open.status).not.toBe('cancelled');
    expect((await send(t, 'POST', url, body, { idempotencyKey: 'cancel-fault-1', as: 'admin' })).statusCode).toBe(200);
    const replay = await send(t, 'POST', url, body, { idempotencyKey: 'cancel-fault-1', as: 'admin' });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});
