import type { Scope } from '../auth/scope';

/** A valve's detail as the database built it, with what decides who may see it and how long it holds. */
export type CachedDetail = {
  json: string;
  organizationId: number;
  plant: string;
  /** ms: when an open work order of the valve falls due, and its overdue flag with it; at most MAX_AGE_MS on. */
  expiresAt: number;
};

/** The channel migration 0004's triggers notify on. */
export const VALVE_CHANGED = 'valve_changed';

/** A safety net only: the database's notices are what keep entries true. */
const MAX_AGE_MS = 5 * 60_000;
const MAX_ENTRIES = 20_000;

/**
 * The valve details this process has read, for the hottest read of the field (a tag scanned, a valve opened):
 * served without a database round trip, which was most of that read's cost. Entries are only kept while the
 * process hears the database's notices (migration 0004: any change to a valve, its work orders or a name shown in
 * them), and a notice drops its valve at once, in every process. A read that began before a notice is not kept,
 * so a slow read cannot put back what the notice took out.
 */
export class ValveDetailCache {
  private readonly entries = new Map<number, CachedDetail>();
  private hearing = false;
  /** Counts notices; a read records it before asking the database (see keep). */
  private notices = 0;

  /** The detail if a fresh one is kept and the scope may see it; otherwise the caller asks the database. */
  get(id: number, scope: Scope, now = Date.now()): string | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.organizationId !== scope.organizationId) return undefined;
    if (scope.plants && !scope.plants.includes(entry.plant)) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.json;
  }

  /** To pass to keep(): taken before the read. */
  get stamp(): number {
    return this.notices;
  }

  keep(
    id: number,
    entry: Omit<CachedDetail, 'expiresAt'> & { nextDueMs: number | null },
    stamp: number,
    now = Date.now(),
  ) {
    if (!this.hearing || stamp !== this.notices) return;
    if (entry.nextDueMs !== null && !Number.isFinite(entry.nextDueMs)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as number);
    const expiresAt = Math.min(now + MAX_AGE_MS, entry.nextDueMs ?? Number.POSITIVE_INFINITY);
    this.entries.set(id, { json: entry.json, organizationId: entry.organizationId, plant: entry.plant, expiresAt });
  }

  /** A notice: one valve's id, or '*' for all of them. */
  changed(payload: string): void {
    this.notices++;
    const id = Number(payload);
    if (Number.isInteger(id)) this.entries.delete(id);
    else this.entries.clear();
  }

  /** Whether notices are heard; while they may be missed, nothing is kept. */
  listening(on: boolean): void {
    this.notices++;
    this.hearing = on;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
