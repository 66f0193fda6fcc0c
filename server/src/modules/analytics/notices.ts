import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { predictiveAnalytics, valves } from '../../db/schema';
import type { Notice } from '../notifications';

/** What the people of a plant must be told of its valves' condition: a high or critical risk found. */
export async function anomalyNotices(db: Database): Promise<Notice[]> {
  const anomalies = await db
    .select({
      organizationId: valves.organizationId,
      valveId: valves.id,
      tag: valves.valveId,
      plant: valves.plant,
      risk: predictiveAnalytics.riskLevel,
    })
    .from(predictiveAnalytics)
    .innerJoin(valves, eq(valves.id, predictiveAnalytics.valveId))
    .where(inArray(predictiveAnalytics.riskLevel, ['high', 'critical']));
  return anomalies.map((anomaly) => ({
    organizationId: anomaly.organizationId,
    to: { plant: anomaly.plant },
    kind: 'anomaly',
    key: `anomaly:valve:${anomaly.valveId}:${anomaly.risk}`,
    title: `${anomaly.tag}: ${anomaly.risk} risk`,
    body: `Condition monitoring found an anomaly on ${anomaly.tag} in ${anomaly.plant}.`,
    link: `/analytics/${anomaly.valveId}`,
  }));
}
