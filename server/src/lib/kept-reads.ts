import type { DashboardSummary } from '@common/schemas/analytics';
import type { Activity, DashboardStats } from '@common/schemas/dashboard';
import type { Emergency } from '@common/schemas/emergencies';
import type { NotificationList } from '@common/schemas/notifications';
import type { ReliefSummary } from '@common/schemas/relief-valves';
import type { ValveDetail, ValvePage, ValveSummary } from '@common/schemas/valves';
import type { WorkOrderDetail, WorkOrderSummary } from '@common/schemas/work-orders';
import type { JsonText } from '../db/json';
import type { ListenOn } from '../db/notifications';
import type { Scope } from './scope';

/** The channel migrations 0004, 0005 and 0032's triggers notify on. */
export const VALVE_CHANGED = 'valve_changed';
/** The channel migration 0053's triggers notify on: '<user id>' when that person's notifications change. */
export const BELL_CHANGED = 'bell_changed';
/** The channel migration 0033's triggers notify on: '<organization id>' when its valves or their predictions change. */
export const FLEET_CHANGED = 'fleet_changed';

/**
 * The channel migration 0052's triggers notify on: '<organization id>' when its activities, its emergencies, its
 * relief valve tags or a user's name change.
 */
export const DASHBOARD_CHANGED = 'dashboard_changed';

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
 * changed (migrations 0004, 0005, 0032: a change to a valve, its work orders, their records or a name shown in
 * them, by any process). Three rules keep them true: nothing is kept while notices may be missed
 * (`listening(false)`); a read that began before a notice is not kept (`stamp`, taken before the read), so a slow
 * read cannot put back what the notice took out; and an entry lapses at its own expiry, at most five minutes on.
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

  /** Whether answers are kept now (notices are heard). */
  get keeping(): boolean {
    return this.hearing;
  }
}

type KeptDetail<Json> = { json: Json; organizationId: number; plant: string; valveId: number; expiresAt: number };
/**
 * What the database answers for a detail: the JSON, what decides who sees it and how long it holds, and the valve
 * whose notices govern it (the detail's own id when absent: a valve's detail).
 */
type DetailRead<Json> = {
  json: Json;
  organizationId: number;
  plant: string;
  valveId?: number;
  nextDueMs: number | null;
};

/**
 * One record's detail per id, seen only by its organization and, for a plant-limited user, in their plants. An entry
 * also lapses when an open work order in it falls due, as its overdue flag turns then.
 */
export abstract class KeptDetails<Json extends string> extends KeptReads<number, Json, KeptDetail<Json>> {
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
    const { json, organizationId, plant } = read;
    this.put(id, { json, organizationId, plant, valveId: read.valveId ?? id, expiresAt }, stamp);
  }

  /** Forgets the details of one valve (a notice for it). */
  protected abstract forgetValve(valveId: number): void;

  changed({ organizationId, valveId }: ValveChange): void {
    if (valveId !== null) this.forgetValve(valveId);
    else if (organizationId !== null) this.forgetWhere((entry) => entry.organizationId === organizationId);
    else this.forget(null);
  }
}

/** Valve details, the read a scanned tag makes: served without a database round trip, which was most of its cost. */
export class KeptValveDetails<Json extends string = string> extends KeptDetails<Json> {
  protected forgetValve(valveId: number): void {
    this.forget(valveId);
  }
}

/**
 * Work order details, the read a technician makes at each step of a job (issue 31: the one frequent read that was
 * not kept). A notice for the valve takes out its work orders' details: a work order, its valve and its records
 * notify as the valve (migrations 0004, 0005, 0032). Walking the entries is fine at the size kept (at most 20,000).
 */
export class KeptWorkOrderDetails<Json extends string = string> extends KeptDetails<Json> {
  protected forgetValve(valveId: number): void {
    this.forgetWhere((entry) => entry.valveId === valveId);
  }
}

/** What the database answers for a whole list: the JSON, and when a time-derived flag in it next turns. */
type ListRead<Json> = { json: Json; nextDueMs?: number | null };

/**
 * One answer per id (an organization's, a person's), dropped by a notice naming that id; it also lapses when a
 * time-derived flag in it turns.
 */
abstract class KeptPerId<Json extends string> extends KeptReads<number, Json, { json: Json; expiresAt: number }> {
  get(id: number, now = Date.now()): Json | undefined {
    return this.take(id, now)?.json;
  }

  /** The kept answer, or the database's (`read`), kept when nothing changed meanwhile. */
  answer(id: number, read: () => Promise<ListRead<Json>>): Promise<Json> {
    return this.through(this.get(id), read, (fresh, stamp) => this.keep(id, fresh, stamp));
  }

  keep(id: number, read: ListRead<Json>, stamp: number, now = Date.now()): void {
    const expiresAt = Math.min(now + MAX_AGE_MS, read.nextDueMs ?? Number.POSITIVE_INFINITY);
    this.put(id, { json: read.json, expiresAt }, stamp);
  }
}

/**
 * One whole list per organization (every plant, no filter): the valve list every device preloads, the work order
 * list every technician opens. A notice for the organization (or for anything) takes it out.
 */
export class KeptOrganizationLists<Json extends string = string> extends KeptPerId<Json> {
  changed({ organizationId }: ValveChange): void {
    this.forget(organizationId);
  }
}

/**
 * The newest few of an organization's whole list (`?limit=N`, no other filter), which every phone opening /app
 * reads (issue 31: a burst of new clients must not queue for what memory can answer). Governed like the whole list.
 */
export class KeptListHeads<Json extends string = string> extends KeptReads<
  string,
  Json,
  { json: Json; organizationId: number; expiresAt: number }
> {
  get(organizationId: number, limit: number, now = Date.now()): Json | undefined {
    return this.take(`${organizationId}:${limit}`, now)?.json;
  }

  /** The kept head (`limit` from headLimit), or the database's (`read`), kept when nothing changed meanwhile. */
  answer(organizationId: number, limit: number, read: () => Promise<ListRead<Json>>): Promise<Json> {
    return this.through(this.get(organizationId, limit), read, (fresh, stamp) => {
      const expiresAt = Math.min(Date.now() + MAX_AGE_MS, fresh.nextDueMs ?? Number.POSITIVE_INFINITY);
      this.put(`${organizationId}:${limit}`, { json: fresh.json, organizationId, expiresAt }, stamp);
    });
  }

  changed({ organizationId }: ValveChange): void {
    if (organizationId === null) this.forget(null);
    else this.forgetWhere((entry) => entry.organizationId === organizationId);
  }
}

/**
 * Each person's bell (issue 31: every phone opening /app reads it, and the notice sweep writes many a minute for
 * others), kept per user id and dropped by 'bell_changed' notices naming them (migration 0053).
 */
export class KeptBells<Json extends string = string> extends KeptPerId<Json> {
  /** A notice's person (null: everyone's, a TRUNCATE's '*'). */
  changed(userId: number | null): void {
    this.forget(userId);
  }
}

/** The person a 'bell_changed' notice names, or null: anyone. */
export const parseBellChange = (payload: string): number | null => (/^\d+$/.test(payload) ? Number(payload) : null);

/**
 * The organization a 'fleet_changed' or 'dashboard_changed' notice names ('<organization id>'), or null: anything (a
 * TRUNCATE's '*').
 */
export function parseOrganizationChange(payload: string): ValveChange {
  return { organizationId: /^\d+$/.test(payload) ? Number(payload) : null, valveId: null };
}

/**
 * The reads a process keeps, each governed by the notices of what it shows: valve details, whole valve lists, work
 * order details, whole work order lists and the dashboard's four figures follow 'valve_changed' (a work order shows
 * its valve, and its changes and its records' notify as its valve's); the analytics dashboard follows 'fleet_changed'
 * (its organization's valves and their predictions, migration 0033), so the work order writes of a shift leave it
 * kept; the emergencies in force, the activity feed and the relief valve summary follow 'dashboard_changed'
 * (migration 0052); each person's bell follows 'bell_changed' (migration 0053). Of each organization's dashboard
 * reads the whole organization's answer is kept, which a user of every plant reads.
 */
export class KeptValveReads {
  readonly details = new KeptValveDetails<JsonText<ValveDetail>>();
  readonly valveLists = new KeptOrganizationLists<JsonText<ValveSummary[]>>();
  readonly workOrderDetails = new KeptWorkOrderDetails<JsonText<WorkOrderDetail>>();
  readonly workOrderLists = new KeptOrganizationLists<JsonText<WorkOrderSummary[]>>();
  /** The first page of the valve list (its JSON text) and the newest work orders, for `?limit=N`. */
  readonly valveHeads = new KeptListHeads<JsonText<ValvePage>>();
  readonly workOrderHeads = new KeptListHeads<JsonText<WorkOrderSummary[]>>();
  readonly dashboards = new KeptOrganizationLists<JsonText<DashboardSummary>>();
  readonly dashboardStats = new KeptOrganizationLists<JsonText<DashboardStats>>();
  readonly activities = new KeptOrganizationLists<JsonText<Activity[]>>();
  readonly emergencies = new KeptOrganizationLists<JsonText<Emergency[]>>();
  readonly reliefSummaries = new KeptOrganizationLists<JsonText<ReliefSummary>>();
  readonly bells = new KeptBells<JsonText<NotificationList>>();

  /** Starts hearing the notices; resolves to the function that stops (nothing is kept before, or after). */
  async follow(listen: ListenOn): Promise<() => Promise<void>> {
    const stops = [
      await follow(listen, VALVE_CHANGED, parseValveChange, [
        this.details,
        this.valveLists,
        this.workOrderDetails,
        this.workOrderLists,
        this.valveHeads,
        this.workOrderHeads,
        this.dashboardStats,
      ]),
      await follow(listen, FLEET_CHANGED, parseOrganizationChange, [this.dashboards]),
      await follow(listen, DASHBOARD_CHANGED, parseOrganizationChange, [
        this.activities,
        this.emergencies,
        this.reliefSummaries,
      ]),
      await follow(listen, BELL_CHANGED, parseBellChange, [this.bells]),
    ];
    return async () => {
      for (const stop of stops) await stop();
    };
  }
}

/** Hears one channel for the kept reads it governs. */
function follow<Change>(
  listen: ListenOn,
  channel: string,
  parse: (payload: string) => Change,
  kept: { changed(change: Change): void; listening(on: boolean): void }[],
): Promise<() => Promise<void>> {
  return listen(channel, {
    message: (payload) => {
      const change = parse(payload);
      for (const one of kept) one.changed(change);
    },
    listening: (on) => {
      for (const one of kept) one.listening(on);
    },
  });
}
