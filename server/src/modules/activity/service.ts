import type { ActivityType } from '@common/constants';
import type { Database } from '../../db/client';
import { activities } from '../../db/schema';

export type ActivityEntry = {
  organizationId: number;
  type: ActivityType;
  description: string;
  entityType: 'valve' | 'work_order';
  entityId: number;
  /** The plant of the valve concerned, so plant-limited users see their plants' events. */
  plant: string;
};

/** Writes one line of the activity feed; called inside the transaction of the change it describes. */
export async function recordActivity(db: Database, entry: ActivityEntry): Promise<void> {
  await db.insert(activities).values(entry);
}
