import type { ValveDetail, ValveSummary } from '@common/schemas/valves';
import type { WorkOrderSummary } from '@common/schemas/work-orders';
import type { JsonText } from '../db/json';
import type { Listen } from '../db/notifications';
import type { Scope } from './scope';

/** The channel migrations 0004-0005's triggers notify on. */
export const VALVE_CHANGED = 'valve_changed';

/** What a notice says changed: one valve of an organization, any valve of it (valveId null), or anything (both null). */
export type ValveChange = { organizationId: number | null; valveId: number | null };

/** A notice's payload: '<organization id>:<valve id>', '<organization id>:*' or '*'; anything else means anything. */
export function parseValveChange(payload: string): ValveChange {
  const match = /^(\d+):(\d+|\*)$/.exec(payload);
  if (!match) return { organizationId: null, valveId: null };
  return { organizationId: Number(match[1]), valveId: match[2] === '*' ? null : Number(match[2]) };
}

/** A safety net only: the database's notices are what keep entries true. */
const MAX_AGE_MS = 5 * 60_000;
const MAX_ENTRIES = 20_000;

/**
 * Answers this process has read from the database, kept while the database's notices say nothing they depend on
 * changed (migrations 0004-0005: a change to a valve, its work orders or a name shown in them, by any process). Three
 * rules keep them true: nothing is kept while notices may be missed (`listening(false)`); a read that began before
 * a notice is not kept (`stamp`, taken before the read), so a slow read cannot put back what the notice took out;
 * and an entry lapses at its own expiry, at most five minutes on.
 */
class KeptReads<Key, Json extends string, Entry extends { json: Json; expiresAt: number }> {
  private readonly entries = new Map<Key, Entry>();
  private hearing = false;
  private notices = 0;

  protected take(key: Key, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** `kept` when there is one; else the database's answer (`read`), handed to `keep` with the stamp taken before. */
  protected async through<Read extends { json: Json }>(
    kept: Json | undefined,
    read: () => Promise<Read>,
    keep: (fresh: Read, stamp: number) => void,
  ): Promise<Json> {
    if (kept !== undefined) return kept;
    const stamp = this.stamp;
    const fresh = await read();
    keep(fresh, stamp);
    return fresh.json;
  }

  /** Taken before a read, handed to keep() after it. */
  get stamp(): number {
    return this.notices;
  }

  protected put(key: Key, entry: Entry, stamp: number): void {
    if (!this.hearing || stamp !== this.notices || !Number.isFinite(entry.expiresAt)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as Key);
    this.entries.set(key, entry);
  }

  protected forget(key: Key | null): void {
    this.notices++;
    if (key === null) this.entries.clear();
    else this.entries.delete(key);
  }

  protected forgetWhere(matches: (entry: Entry) => boolean): void {
    this.notices++;
    for (const [key, entry] of this.entries) if (matches(entry)) this.entries.delete(key);
  }

  /** Whether notices are heard; while they may be missed, nothing is kept. */
  listening(on: boolean): void {
    this.forget(null);
    this.hearing = on;
  }

  get size(): number {
    return this.entries.size;
  }
}

type KeptDetail<Json> = { json: Json; organizationId: number; plant: string; expiresAt: number };
/** What the database answers for a detail: the JSON and what decides who sees it and how long it holds. */
type DetailRead<Json> = { json: Json; organizationId: number; plant: string; nextDueMs: number | null };

/**
 * Valve details, the read a scanned tag makes: served without a database round trip, which was most of its cost.
 * An entry also lapses when an open work order of the valve falls due, as its overdue flag turns then.
 */
export class KeptValveDetails<Json extends string = string> extends KeptReads<number, Json, KeptDetail<Json>> {
  /** The detail if a fresh one is kept and the scope may see it; otherwise the caller asks the database. */
  get(id: number, scope: Scope, now = Date.now()): Json | undefined {
    const entry = this.take(id, now);
    if (!entry || entry.organizationId !== scope.organizationId) return undefined;
    if (scope.plants && !scope.plants.includes(entry.plant)) return undefined;
    return entry.json;
  }

  /** The kept detail, or the database's (`read`), kept when nothing changed meanwhile. */
  answer(id: number, scope: Scope, read: () => Promise<DetailRead<Json>>): Promise<Json> {
    return this.through(this.get(id, scope), read, (fresh, stamp) => this.keep(id, fresh, stamp));
  }

  keep(id: number, read: DetailRead<Json>, stamp: number, now = Date.now()): void {
    const expiresAt = Math.min(now + MAX_AGE_MS, read.nextDueMs ?? Number.POSITIVE_INFINITY);
    this.put(id, { json: read.json, organizationId: read.organizationId, plant: read.plant, expiresAt }, stamp);
  }

  changed({ organizationId, valveId }: ValveChange): void {
    if (valveId !== null) this.forget(valveId);
    else if (organizationId !== null) this.forgetWhere((entry) => entry.organizationId === organizationId);
    else this.forget(null);
  }
}

/** What the database answers for a whole list: the JSON, and when a time-derived flag in it next turns. */
type ListRead<Json> = { json: Json; nextDueMs?: number | null };

/**
 * One whole list per organization (every plant, no filter): the valve list every device preloads, the work order
 * list every technician opens. A notice for the organization (or for anything) takes it out.
 */
export class KeptOrganizationLists<Json extends string = string> extends KeptReads<
  number,
  Json,
  { json: Json; expiresAt: number }
> {
  get(organizationId: number, now = Date.now()): Json | undefined {
    return this.take(organizationId, now)?.json;
  }

  /** The kept list, or the database's (`read`), kept when nothing changed meanwhile. */
  answer(organizationId: number, read: () => Promise<ListRead<Json>>): Promise<Json> {
    return this.through(this.get(organizationId), read, (fresh, stamp) => this.keep(organizationId, fresh, stamp));
  }

  keep(organizationId: number, read: ListRead<Json>, stamp: number, now = Date.now()): void {
    const expiresAt = Math.min(now + MAX_AGE_MS, read.nextDueMs ?? Number.POSITIVE_INFINITY);
    this.put(organizationId, { json: read.json, expiresAt }, stamp);
  }

  changed({ organizationId }: ValveChange): void {
    this.forget(organizationId);
  }
}

/**
 * The reads a process keeps that a valve's notices govern: valve details, whole valve lists and whole work order
 * lists (a work order shows its valve, and its changes notify as its valve's), following one channel.
 */
export class KeptValveReads {
  readonly details = new KeptValveDetails<JsonText<ValveDetail>>();
  readonly valveLists = new KeptOrganizationLists<JsonText<ValveSummary[]>>();
  readonly workOrderLists = new KeptOrganizationLists<JsonText<WorkOrderSummary[]>>();

  /** Starts hearing the notices; resolves to the function that stops (nothing is kept before, or after). */
  follow(listen: Listen): Promise<() => Promise<void>> {
    const all = [this.details, this.valveLists, this.workOrderLists];
    return listen(VALVE_CHANGED, {
      message: (payload) => {
        const change = parseValveChange(payload);
        for (const kept of all) kept.changed(change);
      },
      listening: (on) => {
        for (const kept of all) kept.listening(on);
      },
    });
  }
}
