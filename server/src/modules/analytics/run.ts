import type { ValveAnalytics } from '@common/schemas/analytics';
import type { Database } from '../../db/client';
import type { Scope } from '../../lib/scope';
import { type EpisodesStored, recomputeOrganization } from './recompute';
import { valveAnalytics } from './service';

/** Runs the engine on one valve of the scope (404 outside it), stores the result and returns the fresh read. */
export async function analyseValve(
  db: Database,
  scope: Scope,
  id: number,
  episodesStored?: EpisodesStored,
): Promise<ValveAnalytics> {
  await valveAnalytics(db, scope, id);
  await recomputeOrganization(db, scope.organizationId, { only: [id], episodesStored });
  return valveAnalytics(db, scope, id);
}
