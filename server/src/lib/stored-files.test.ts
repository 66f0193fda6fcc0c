import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/client';
import { organizations, storedFiles } from '../db/schema';
import { createTestApp, type TestContext } from '../testing/test-app';
import { databaseFiles, directoryFiles, type StoredFile, type StoredFiles, storedName } from './stored-files';

let t: TestContext;
let directory: string;
let organizationId: number;
beforeAll(async () => {
  // The database of the engine the run uses (PGlite, or PostgreSQL with TEST_DATABASE_URL), with no demo in it.
  t = await createTestApp({ demo: false });
  directory = await mkdtemp(path.join(os.tmpdir(), 'valveops-stored-files-'));
  [{ id: organizationId }] = await t.db
    .insert(organizations)
    .values({ name: 'Files Works', slug: 'files-works' })
    .returning({ id: organizations.id });
});
afterAll(async () => {
  await t.close();
  await rm(directory, { recursive: true, force: true });
});

const bytesOf = async (file: StoredFile | null) =>
  file && (file.body instanceof Readable ? buffer(file.body) : file.body);
const facts = () => ({ organizationId, contentType: 'image/jpeg' });

describe('storedName', () => {
  it('keeps a generated name, flattens a path to its last part as the reads always did, and refuses the rest', () => {
    expect(storedName('0f8e-thumb.webp')).toBe('0f8e-thumb.webp');
    expect(storedName('request-1.jpg')).toBe('request-1.jpg');
    expect(storedName('uploads/../etc/a.jpg')).toBe('a.jpg');
    for (const key of ['', '.', '..', '../', '.hidden', 'a b.jpg', 'nul\0.jpg', 'back\\slash.jpg']) {
      expect(storedName(key), key).toBeNull();
    }
  });
});

describe.each([
  ['directory', () => directoryFiles(directory)],
  ['database', () => databaseFiles],
] as const)('the %s store', (kind, open) => {
  let files: StoredFiles;
  beforeAll(() => {
    files = open();
  });

  it('gives back the bytes it was given, with their size, and replaces a file put again under its key', async () => {
    const key = `${kind}-photo.jpg`;
    const bytes = randomBytes(3 * 1024 * 1024 + 7);
    await files.put(t.db, key, bytes, facts());
    const file = await files.get(t.db, key);
    expect(file?.size).toBe(bytes.length);
    expect((await bytesOf(file))?.equals(bytes)).toBe(true);
    expect((await files.read(t.db, key))?.equals(bytes)).toBe(true);
    await files.put(t.db, key, Buffer.from('again'), facts());
    expect((await files.read(t.db, key))?.toString()).toBe('again');
    expect((await files.get(t.db, key))?.size).toBe(5);
  });

  it('answers null for a key nobody put, and removes a file (twice is no error)', async () => {
    expect(await files.get(t.db, 'never-put.jpg')).toBeNull();
    expect(await files.read(t.db, 'never-put.jpg')).toBeNull();
    const key = `${kind}-gone.pdf`;
    await files.put(t.db, key, Buffer.from('%PDF-1.4'), { organizationId, contentType: 'application/pdf' });
    await files.remove(t.db, key);
    await files.remove(t.db, key);
    expect(await files.get(t.db, key)).toBeNull();
  });

  it('refuses to put a key with path characters, and reads a path as its last part', async () => {
    for (const key of ['../escaped.jpg', 'nested/a.jpg', '..', '']) {
      await expect(files.put(t.db, key, Buffer.from('x'), facts()), key).rejects.toThrow(/plain file name/);
    }
    expect(existsSync(path.join(directory, '..', 'escaped.jpg'))).toBe(false);
    await files.put(t.db, `${kind}-flat.jpg`, Buffer.from('flat'), facts());
    expect((await files.read(t.db, `some/dir/${kind}-flat.jpg`))?.toString()).toBe('flat');
    expect(await files.get(t.db, '../..')).toBeNull();
    await files.remove(t.db, '..');
  });

  it('leaves nothing of a write whose record failed: abandoned after the transaction rolled back', async () => {
    const key = `${kind}-failed.jpg`;
    await expect(
      inTransaction(t.db, async (tx) => {
        await files.put(tx, key, Buffer.from('half'), facts());
        throw new Error('the row was refused');
      }),
    ).rejects.toThrow('the row was refused');
    await files.abandon([key]);
    expect(await files.get(t.db, key)).toBeNull();
  });
});

describe('the database store', () => {
  it('keeps whose file it is and its type beside the bytes', async () => {
    await databaseFiles.put(t.db, 'facts.png', Buffer.from('png'), { organizationId, contentType: 'image/png' });
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.key, 'facts.png'));
    expect(row).toMatchObject({ organizationId, contentType: 'image/png', size: 3 });
    expect(row.bytes.toString()).toBe('png');
  });
});
