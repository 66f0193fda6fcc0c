import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from './client';
import { rowsOf } from './rows';

/** How the read replica stands, as /readyz says it and the reads choose by it. */
export type ReplicaState =
  | { state: 'in use'; lagMs: number }
  | { state: 'lagging'; lagMs: number }
  | { state: 'down'; error: string };

/** A WAL position as a number of bytes ('16/B374D848' → 0x16B374D848), comparable across servers. */
export function walPosition(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

type Sample = { position: bigint; at: number };
const MAX_SAMPLES = 2_400;

/**
 * Watches a streaming replica against its primary (decisions/118): every `intervalMs` it reads the primary's WAL
 * position and the replica's replayed one. The lag is how long ago the primary stood where the replica now stands,
 * from the primary's positions kept with the time each was read (a replica that replayed the last position read is
 * not lagging, however quiet the primary). The replica is used while its lag is under `maxLagMs`; a replica that
 * does not answer is down until it does.
 */
export class ReplicaWatch {
  private samples: Sample[] = [];
  private replayed: bigint | null = null;
  private current: ReplicaState = { state: 'down', error: 'not checked yet' };
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly primary: Database,
    private readonly replica: Database,
    private readonly maxLagMs: number,
    private readonly intervalMs = 250,
  ) {}

  /** Checks once, then every interval until stopped. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => {
      this.checking ??= this.check().finally(() => {
        this.checking = null;
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.checking;
  }

  get state(): ReplicaState {
    return this.current;
  }

  /** Whether the replica has replayed the primary's WAL up to `lsn` (a write's position), as of the last check. */
  reached(lsn: string): boolean {
    try {
      return this.replayed !== null && this.replayed >= walPosition(lsn);
    } catch {
      return false;
    }
  }

  /** Reads both positions once (the interval does it; a test may too). */
  async check(): Promise<void> {
    const at = Date.now();
    try {
      // The primary's position first: whatever the replica then says it replayed is compared with a position it
      // had a chance to reach.
      const [primary] = await rowsOf<{ lsn: string }>(
        this.primary,
        sql`select pg_current_wal_insert_lsn()::text as lsn`,
      );
      this.samples.push({ position: walPosition(primary.lsn), at });
      // A replica down for long keeps no unbounded history: the oldest positions only say it is far behind.
      if (this.samples.length > MAX_SAMPLES) this.samples.shift();
      const [replica] = await rowsOf<{ lsn: string | null }>(
        this.replica,
        sql`select pg_last_wal_replay_lsn()::text as lsn`,
      );
      if (!replica.lsn) throw new Error('not a replica (pg_last_wal_replay_lsn is null)');
      this.replayed = walPosition(replica.lsn);
      const lagMs = this.lagMs(this.replayed, at);
      this.current = lagMs <= this.maxLagMs ? { state: 'in use', lagMs } : { state: 'lagging', lagMs };
    } catch (error) {
      this.replayed = null;
      this.current = { state: 'down', error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Since when the replica has been behind: the time of the first position read that it has not replayed. */
  private lagMs(replayed: bigint, now: number): number {
    const firstAhead = this.samples.findIndex((s) => s.position > replayed);
    if (firstAhead === -1) {
      this.samples = this.samples.slice(-1);
      return 0;
    }
    // Positions it replayed are history; the first one ahead says since when it has been behind.
    this.samples = this.samples.slice(firstAhead);
    return now - this.samples[0].at;
  }
}

/**
 * The replica's own pool (a silent host gives up connecting after 2 s) and its watch, started; the server starts
 * even when the replica is down, and reads the primary until it answers.
 */
export async function openReadReplica(
  primary: Database,
  replica: { url: string; maxLagMs: number },
  poolSize: number,
): Promise<{ db: Database; watch: ReplicaWatch; close: () => Promise<void> }> {
  const handle = await openDatabase({ databaseUrl: replica.url, poolSize, connectTimeoutMs: 2_000 });
  const watch = new ReplicaWatch(primary, handle.db, replica.maxLagMs);
  await watch.start();
  return {
    db: handle.db,
    watch,
    close: async () => {
      await watch.stop();
      await handle.close();
    },
  };
}
