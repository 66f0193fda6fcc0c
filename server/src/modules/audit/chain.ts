import { createHash } from 'node:crypto';
import type { AuditVerification } from '@common/schemas/audit';
import { sql } from 'drizzle-orm';
import { type Database, inTransaction } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { auditLog, auditSeals } from '../../db/schema/audit';

/**
 * The audit trail's hash chain (docs/decisions/096-audit-chain.md). Each audit row is sealed, in its organization's
 * chain, with SHA-256 over the previous seal's hash and a digest of the row; a row deleted or changed after its
 * seal breaks the chain from there on. The digest is taken in SQL so sealing and checking read the row the same way.
 */
const rowDigest = sql`encode(sha256(convert_to(concat_ws('|', a.id, coalesce(a.organization_id::text, '-'),
  a.table_name, a.row_id, a.action, coalesce(a.changes::text, '-'), coalesce(a.user_id::text, '-'),
  coalesce(a.device, '-'), (extract(epoch from a.changed_at) * 1000000)::bigint), 'UTF8')), 'hex')`;

const chainOf = sql`coalesce(a.organization_id, 0)`;
const link = (previous: string, digest: string) => createHash('sha256').update(`${previous}:${digest}`).digest('hex');

/** Rows sealed per statement, and per run at most this many batches (the next minute's run goes on). */
const BATCH = 2000;
const BATCHES_PER_RUN = 50;
/**
 * Rows whose transaction committed this many ids after a later one was sealed are still found: the look-back
 * keeps each run from reading the whole trail, while writers commit out of id order only by a few.
 */
const LOOK_BACK = 10_000;
/** Two servers sealing at once would fork a chain: the run holds this advisory lock for its transaction. */
const SEAL_LOCK = 780_061;

/** Seals the rows not sealed yet, oldest first, each after its chain's last seal. Returns how many. */
export async function sealAuditTrail(db: Database): Promise<number> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEAL_LOCK})`);
    const heads = new Map(
      (
        await rowsOf<{ chain: number; seq: string; hash: string }>(
          tx,
          sql`select distinct on (chain) chain, seq, hash from ${auditSeals} order by chain, seq desc`,
        )
      ).map((h) => [h.chain, { seq: Number(h.seq), hash: h.hash }]),
    );
    const [{ from }] = await rowsOf<{ from: string }>(
      tx,
      sql`select greatest(coalesce(max(audit_id), 0) - ${LOOK_BACK}, 0) as "from" from ${auditSeals}`,
    );
    let sealed = 0;
    for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
      const rows = await rowsOf<{ id: string; chain: number; digest: string }>(
        tx,
        sql`select a.id, ${chainOf} as chain, ${rowDigest} as digest from ${auditLog} a
          where a.id > ${Number(from)} and not exists (select 1 from ${auditSeals} s where s.audit_id = a.id)
          order by a.id limit ${BATCH}`,
      );
      if (!rows.length) break;
      const seals = rows.map((row) => {
        const head = heads.get(row.chain) ?? { seq: 0, hash: '' };
        const next = { seq: head.seq + 1, hash: link(head.hash, row.digest) };
        heads.set(row.chain, next);
        return { chain: row.chain, seq: next.seq, auditId: Number(row.id), hash: next.hash };
      });
      await tx.insert(auditSeals).values(seals);
      sealed += seals.length;
      if (rows.length < BATCH) break;
    }
    return sealed;
  });
}

/** Checks an organization's chain from its first seal: the first row found deleted or changed, and the counts. */
export async function verifyAuditChain(db: Database, organizationId: number): Promise<AuditVerification> {
  let previous = { seq: 0, hash: '' };
  let brokenAt: AuditVerification['brokenAt'] = null;
  for (;;) {
    const seals = await rowsOf<{ seq: string; audit_id: string; hash: string; digest: string | null }>(
      db,
      sql`select s.seq, s.audit_id, s.hash, case when a.id is null then null else ${rowDigest} end as digest from ${auditSeals} s
        left join ${auditLog} a on a.id = s.audit_id
        where s.chain = ${organizationId} and s.seq > ${previous.seq} order by s.seq limit ${BATCH}`,
    );
    for (const seal of seals) {
      const seq = Number(seal.seq);
      const auditId = Number(seal.audit_id);
      if (seq !== previous.seq + 1) brokenAt = { seq: previous.seq + 1, auditId: null, problem: 'seal missing' };
      else if (seal.digest === null) brokenAt = { seq, auditId, problem: 'entry deleted' };
      else if (link(previous.hash, seal.digest) !== seal.hash) brokenAt = { seq, auditId, problem: 'entry changed' };
      if (brokenAt) break;
      previous = { seq, hash: seal.hash };
    }
    if (brokenAt || seals.length < BATCH) break;
  }
  const [{ unsealed }] = await rowsOf<{ unsealed: number }>(
    db,
    sql`select count(*)::int as unsealed from ${auditLog} a where ${chainOf} = ${organizationId}
      and not exists (select 1 from ${auditSeals} s where s.audit_id = a.id)`,
  );
  return { intact: brokenAt === null, sealed: previous.seq, unsealed, head: previous.hash || null, brokenAt };
}
