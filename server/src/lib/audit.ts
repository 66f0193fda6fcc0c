import { sql } from 'drizzle-orm';
import { type Database, inTransaction } from '../db/client';

/**
 * Names who makes the changes of the current transaction, for the audit trigger (`audit_row_change()` reads
 * `valveops.user_id` and `valveops.device`). Local to the transaction, so a pooled connection carries nothing over.
 * Call it first inside `db.transaction`; outside one it would last only for its own statement.
 */
export async function setAuditActor(tx: Database, actor: AuditActor) {
  await tx.execute(auditActorSettings(actor));
}

export type AuditActor = { userId: number; device?: string | null };

/** The select that sets the actor: a statement of its own, or the source of a write's first insert (one round trip). */
export const auditActorSettings = (actor: AuditActor) =>
  sql`select set_config('valveops.user_id', ${String(actor.userId)}, true), set_config('valveops.device', ${(actor.device ?? '').slice(0, 200)}, true)`;

/** `fn` in a transaction whose changes the audit trail puts to `actor`'s name. */
export function asActor<T>(db: Database, actor: AuditActor, fn: (tx: Database) => Promise<T>) {
  return inTransaction(db, async (tx) => {
    await setAuditActor(tx, actor);
    return fn(tx);
  });
}
