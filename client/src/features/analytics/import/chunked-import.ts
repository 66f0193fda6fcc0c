import { retryDelayMs, TIMINGS } from '@common/constants';
import type { SensorReadingBatchResult, SensorReadingInput } from '@common/schemas/analytics';
import { readApiError } from '@/lib/api-error';
import { chunk, type ParsedReading } from './csv-mapping';

/**
 * Readings per request. The server takes up to 10,000 (ANALYTICS_LIMITS.maxBatchReadings); half that keeps each
 * request a couple of seconds long on a plant's link and moves the progress bar often enough to be believed.
 */
export const IMPORT_CHUNK_READINGS = 5_000;

export type ImportProgress = { chunksDone: number; chunksTotal: number; readingsDone: number; readingsTotal: number };

/** A chunk the server refused, by the file rows it held, with the server's reason. */
export type RefusedChunk = { firstRow: number; lastRow: number; readings: number; reason: string };

export type ImportOutcome = {
  inserted: number;
  /** Stored before with another value, now corrected. */
  updated: number;
  duplicates: number;
  refused: RefusedChunk[];
  /** Set when the import stopped early (no connection, server error): why, after how many chunks. */
  stopped?: { reason: string; chunksDone: number };
};

type Options = {
  post: (readings: SensorReadingInput[]) => Promise<SensorReadingBatchResult>;
  onProgress: (progress: ImportProgress) => void;
  chunkSize?: number;
  pause?: (ms: number) => Promise<unknown>;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends readings in order, a chunk at a time. A chunk the server refuses (4xx: it names the reason) is reported
 * and the rest go on; a chunk that cannot get through (no network, 5xx) is retried as spec §9 retries writes,
 * then the import stops and says so. The server skips readings it already holds, so importing again is safe.
 */
export async function importInChunks(readings: ParsedReading[], options: Options): Promise<ImportOutcome> {
  const { post, onProgress, chunkSize = IMPORT_CHUNK_READINGS, pause = wait } = options;
  const chunks = chunk(readings, chunkSize);
  const outcome: ImportOutcome = { inserted: 0, updated: 0, duplicates: 0, refused: [] };
  const progress: ImportProgress = {
    chunksDone: 0,
    chunksTotal: chunks.length,
    readingsDone: 0,
    readingsTotal: readings.length,
  };
  onProgress({ ...progress });
  for (const batch of chunks) {
    const body = batch.map(({ valveTag, timestamp, sensorType, channel, unit, value, quality }) => ({
      valveId: valveTag,
      timestamp,
      ...(channel === undefined ? { sensorType } : { channel, unit }),
      value,
      ...(quality && { quality }),
    }));
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await post(body);
        outcome.inserted += result.inserted;
        outcome.updated += result.updated;
        outcome.duplicates += result.duplicates;
        break;
      } catch (error) {
        const failure = readApiError(error);
        const refused = failure.status !== null && failure.status >= 400 && failure.status < 500;
        if (refused) {
          const reason = [failure.message, ...failure.issues.slice(0, 3).map((i) => `${i.path}: ${i.message}`)];
          outcome.refused.push({
            firstRow: batch[0].row,
            lastRow: batch[batch.length - 1].row,
            readings: batch.length,
            reason: reason.join(' · '),
          });
          break;
        }
        if (attempt >= TIMINGS.mutationRetries) {
          outcome.stopped = { reason: failure.message, chunksDone: progress.chunksDone };
          return outcome;
        }
        await pause(retryDelayMs(attempt));
      }
    }
    progress.chunksDone += 1;
    progress.readingsDone += batch.length;
    onProgress({ ...progress });
  }
  return outcome;
}
