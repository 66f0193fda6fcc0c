import type { SensorReadingBatchResult, SensorReadingInput } from '@common/schemas/analytics';
import { apiSend } from '@/lib/http';

/**
 * One batch of readings (at most ANALYTICS_LIMITS.maxBatchReadings). Idempotent per valve, sensor and time on
 * the server, so sending a batch again after a failure writes nothing twice. Online only: an import is watched.
 */
export async function postSensorReadings(readings: SensorReadingInput[]): Promise<SensorReadingBatchResult> {
  const result = await apiSend<SensorReadingBatchResult>('POST', '/api/sensor-readings', { readings });
  if (!result) throw new Error('The server did not confirm the readings.');
  return result;
}
