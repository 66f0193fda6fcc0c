/**
 * Anomaly episodes: stored by each recompute (the episodes of the span it assessed replace those stored for that
 * span; older ones stay as the valve's history) and listed by GET /api/analytics/valves/:id/anomalies.
 */
import type { AnomaliesQuery, AnomalyEpisode } from '@common/schemas/analytics';
import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anomalyEpisodes } from '../../db/schema';
import type { Episode, Span } from './engine/condition/types';

export type EpisodeRow = typeof anomalyEpisodes.$inferInsert;

/** The rows to store for a valve's episodes. */
export function episodeRows(
  organizationId: number,
  valveId: number,
  episodes: readonly Episode[],
  now: Date,
): EpisodeRow[] {
  return episodes.map((e) => ({
    organizationId,
    valveId,
    start: new Date(e.start),
    end: e.end === null ? null : new Date(e.end),
    severity: e.severity,
    channels: e.channels.map((c) => ({
      channel: c.channel,
      direction: c.direction,
      change: Math.round(c.change * 100) / 100,
      changeUnit: c.changeUnit,
      text: c.text,
    })),
    description: e.description,
    fault: e.explanation?.fault ?? null,
    computedAt: now,
  }));
}

/** Replaces the episodes of each valve's assessed span (those that end inside it or are still open). */
export async function replaceEpisodes(
  db: Database,
  assessed: { valveId: number; window: Span; rows: EpisodeRow[] }[],
): Promise<void> {
  for (const a of assessed) {
    await db
      .delete(anomalyEpisodes)
      .where(
        and(
          eq(anomalyEpisodes.valveId, a.valveId),
          or(isNull(anomalyEpisodes.end), gt(anomalyEpisodes.end, new Date(a.window.from))),
        ),
      );
  }
  const rows = assessed.flatMap((a) => a.rows);
  if (rows.length) await db.insert(anomalyEpisodes).values(rows);
}

/** A valve's episodes overlapping [from, to], oldest first (the valve's scope is checked by the caller). */
export async function listEpisodes(db: Database, valveId: number, query: AnomaliesQuery): Promise<AnomalyEpisode[]> {
  const conditions = [eq(anomalyEpisodes.valveId, valveId)];
  if (query.to) conditions.push(lt(anomalyEpisodes.start, new Date(query.to)));
  if (query.from) {
    const from = new Date(query.from);
    const overlap = or(isNull(anomalyEpisodes.end), gt(anomalyEpisodes.end, from));
    if (overlap) conditions.push(overlap);
  }
  const rows = await db
    .select()
    .from(anomalyEpisodes)
    .where(and(...conditions))
    .orderBy(asc(anomalyEpisodes.start), asc(anomalyEpisodes.id));
  return rows.map((r) => ({
    start: r.start.toISOString(),
    end: r.end ? r.end.toISOString() : null,
    severity: r.severity as AnomalyEpisode['severity'],
    channels: r.channels as AnomalyEpisode['channels'],
    description: r.description,
    fault: r.fault,
  }));
}
