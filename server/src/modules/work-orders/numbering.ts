import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { workOrderSequences } from '../../db/schema';

/**
 * The next WO-<year>-<sequence> of an organization. The upsert takes the row's lock, so concurrent creations
 * queue here and each gets its own number; run it in the creating transaction so a failed creation gives the
 * number back instead of leaving a gap that looks like a deleted order.
 */
export async function nextWorkOrderId(db: Database, organizationId: number, now = new Date()): Promise<string> {
  const year = now.getUTCFullYear();
  const [row] = await db
    .insert(workOrderSequences)
    .values({ organizationId, year, last: 1 })
    .onConflictDoUpdate({
      target: [workOrderSequences.organizationId, workOrderSequences.year],
      set: { last: sql`${workOrderSequences.last} + 1` },
    })
    .returning({ last: workOrderSequences.last });
  return `WO-${year}-${String(row.last).padStart(4, '0')}`;
}
