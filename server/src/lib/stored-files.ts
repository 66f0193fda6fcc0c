import { createReadStream } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { storedFiles } from '../db/schema';

/** A stored file to send: its length, and its bytes (the directory streams them, the database hands them whole). */
export type StoredFile = { size: number; body: Buffer | Readable };

/** Whose file it is and what it holds: the database keeps both beside the bytes, the directory only the bytes. */
export type FileFacts = { organizationId: number; contentType: string };

/**
 * Uploaded files (photos and their thumbnails, documents, request photos) under the keys the server generated, in a
 * directory or in the database (FILE_STORE, docs/decisions/116-stored-files.md). Each call takes the database or the
 * transaction at hand: a file is put in the transaction of the row that names it, so with the database store the two
 * stand or fall together.
 */
export type StoredFiles = {
  /** Writes the file, replacing one of the same key; a key that is not a plain file name is refused. */
  put(db: Database, key: string, bytes: Buffer, facts: FileFacts): Promise<void>;
  /** The file to send; null when none has the key. */
  get(db: Database, key: string): Promise<StoredFile | null>;
  /** The file's bytes to work on (a thumbnail, a PDF); null when none has the key. */
  read(db: Database, key: string): Promise<Buffer | null>;
  remove(db: Database, key: string): Promise<void>;
  /**
   * After a write that failed, the files it had put for its rows: the directory removes them; the database's went
   * with the transaction.
   */
  abandon(keys: string[]): Promise<void>;
};

/**
 * The name a key is kept under: its last path segment, as the reads have always taken it (keys are generated, so a
 * `/` in one is not the server's), or null when that is no plain file name (`..`, empty, a NUL).
 */
export function storedName(key: string): string | null {
  const name = path.basename(key);
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) ? name : null;
}

function plainName(key: string): string {
  if (storedName(key) !== key) throw new Error(`A stored file's key must be a plain file name, not "${key}"`);
  return key;
}

/** ENOENT is an answer (no such file); anything else, a broken store, is an error. */
const absent = (error: NodeJS.ErrnoException) => {
  if (error.code === 'ENOENT') return null;
  throw error;
};

/** Files in one directory (DATA_DIR/uploads): a mount every server process shares serves several machines. */
export function directoryFiles(directory: string): StoredFiles {
  const pathOf = (key: string) => {
    const name = storedName(key);
    return name ? path.join(directory, name) : null;
  };
  const remove = async (key: string) => {
    const file = pathOf(key);
    if (file) await rm(file, { force: true });
  };
  return {
    put: async (_db, key, bytes) => writeFile(path.join(directory, plainName(key)), bytes),
    get: async (_db, key) => {
      const file = pathOf(key);
      const found = file ? await stat(file).catch(absent) : null;
      // Streamed: a 20 MB document is not held in memory while a slow client takes it.
      return file && found?.isFile() ? { size: found.size, body: createReadStream(file) } : null;
    },
    read: async (_db, key) => {
      const file = pathOf(key);
      return file ? readFile(file).catch(absent) : null;
    },
    remove: (_db, key) => remove(key),
    abandon: async (keys) => {
      await Promise.all(keys.map(remove));
    },
  };
}

/** A file put again under its key: the new row's values, not its bytes sent twice. */
const replaced = Object.fromEntries(
  (['organizationId', 'contentType', 'bytes', 'size', 'createdAt'] as const).map((field) => [
    field,
    sql.raw(`excluded.${storedFiles[field].name}`),
  ]),
);

/** Files in the `stored_files` table of the server's own database, which every process reaches. */
export const databaseFiles: StoredFiles = {
  put: async (db, key, bytes, { organizationId, contentType }) => {
    await db
      .insert(storedFiles)
      .values({ key: plainName(key), organizationId, contentType, bytes, size: bytes.length })
      .onConflictDoUpdate({ target: storedFiles.key, set: replaced });
  },
  get: async (db, key) => {
    const bytes = await databaseFiles.read(db, key);
    return bytes && { size: bytes.length, body: bytes };
  },
  read: async (db, key) => {
    const name = storedName(key);
    if (!name) return null;
    const [row] = await db.select({ bytes: storedFiles.bytes }).from(storedFiles).where(eq(storedFiles.key, name));
    return row?.bytes ?? null;
  },
  remove: async (db, key) => {
    const name = storedName(key);
    if (name) await db.delete(storedFiles).where(eq(storedFiles.key, name));
  },
  abandon: async () => {},
};

/**
 * Sends a stored file as it is. Its key is generated and its bytes never change, so a client (and the service worker,
 * for offline use) may keep it for good.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile, contentType: string) {
  reply.header('Cache-Control', 'private, max-age=31536000, immutable');
  reply.header('Content-Length', file.size);
  return reply.type(contentType).send(file.body);
}

/** The store FILE_STORE names: the uploads directory (the default) or the database. */
export const openStoredFiles = (config: Partial<Pick<Config, 'fileStore'>> & Pick<Config, 'uploadsDir'>) =>
  config.fileStore === 'database' ? databaseFiles : directoryFiles(config.uploadsDir);
