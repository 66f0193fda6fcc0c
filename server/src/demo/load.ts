import { count } from 'drizzle-orm';
import { type Database, inTransaction } from '../db/client';
import { organizations } from '../db/schema';
import type { StoredFiles } from '../lib/stored-files';
import { type DemoSummary, generateDemoData } from './generate';

/** On first start (no organization yet) the demo plant is loaded; later starts keep what users changed. */
export async function loadDemoDataIfEmpty(
  db: Database,
  options: { files: StoredFiles; valves?: number },
): Promise<DemoSummary | null> {
  const [{ n }] = await db.select({ n: count() }).from(organizations);
  if (n > 0) return null;
  return inTransaction(db, (tx) => generateDemoData(tx, options));
}
