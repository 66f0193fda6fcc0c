/** The alarm list loads again this often: a control room's list may not lag the plant by more than a few seconds. */
export const ALARM_REFRESH_MS = 15_000;

/** Three refreshes missed: the list on the wall may no longer be the plant's, and it must say so. */
export const ALARM_LATE_AFTER_MS = 3 * ALARM_REFRESH_MS;

export type Freshness = { kind: 'live' | 'late' | 'stored'; at: number };

/**
 * How far the alarms shown can be trusted: loaded from the server lately (live), not refreshed for three rounds
 * (late: the server or the network is down), or the copy kept on this device answered for want of a connection
 * (stored, as old as when it was saved). An operator who trusts a silent list must know when it has stopped.
 */
export function freshness({
  updatedAt,
  storedAt,
  now,
}: {
  updatedAt: number;
  storedAt: number | undefined;
  now: number;
}): Freshness {
  if (storedAt !== undefined) return { kind: 'stored', at: storedAt };
  return { kind: now - updatedAt > ALARM_LATE_AFTER_MS ? 'late' : 'live', at: updatedAt };
}
