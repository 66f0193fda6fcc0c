/**
 * The valve register import (issue 32), printed, never gated: a messy register of 10,000 rows (testing/
 * valve-register.ts: units, four date spellings, thousands separators, 4% refused rows) sent as a CSV upload to a
 * server on a PGlite database in a directory, as `npm start` runs it: the dry run, then apply (one transaction).
 * Run alone with `npm run bench -- --only imports`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { users } from '../server/src/db/schema';
import { generateDemoData } from '../server/src/demo/generate';
import { createSession } from '../server/src/lib/sessions';
import { directoryFiles } from '../server/src/lib/stored-files';
import { SESSION_COOKIE } from '../server/src/plugins/session';
import { multipart } from '../server/src/testing/multipart';
import { messyRegister } from '../server/src/testing/valve-register';
import { vsLast } from './last-run';

const ROWS = 10_000;

export async function runImportsBench() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'valveops-bench-imports-'));
  const database = await openDatabase({ dataDir: path.join(dir, 'db') });
  try {
    await database.migrate();
    await generateDemoData(database.db, { valves: 48, now: new Date(), files: directoryFiles(dir) });
    const app = await buildApp({
      db: database.db,
      config: { uploadsDir: dir, clientDist: dir, demo: true, trustProxy: false, checkReplies: false },
    });
    await app.ready();
    const [engineer] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'engineer@northfield.example'));
    const { token } = await createSession(database.db, engineer.id);
    const register = messyRegister(ROWS);
    const bytes = Buffer.from(Papa.unparse(register.rows));
    const send = async (mode: 'dry-run' | 'apply') => {
      const body = multipart({}, { name: 'register.csv', type: 'text/csv', bytes }, 'file');
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/imports/valves?mode=${mode}`,
        payload: body.payload,
        headers: { 'content-type': body.contentType, cookie: `${SESSION_COOKIE}=${token}` },
      });
      const seconds = (performance.now() - started) / 1000;
      if (res.statusCode !== 200) throw new Error(`import ${mode}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      const report = res.json() as { create: number; refused: unknown[] };
      if (report.create !== register.expected.create) throw new Error(`import ${mode}: ${report.create} to create`);
      return seconds;
    };
    const dry = await send('dry-run');
    const apply = await send('apply');
    const mb = (bytes.length / 1024 / 1024).toFixed(1);
    console.log(`\nValve register import, PGlite in a directory: ${ROWS.toLocaleString('en-US')} rows (${mb} MB CSV)`);
    console.log(
      `  dry run  ${dry.toFixed(1)} s  ${Math.round(ROWS / dry).toLocaleString('en-US')} rows/s  ${vsLast('imports.dryRunS', dry, 1)}`,
    );
    console.log(
      `  apply    ${apply.toFixed(1)} s  ${Math.round(ROWS / apply).toLocaleString('en-US')} rows/s  ${vsLast('imports.applyS', apply, 1)}`,
    );
    console.log(`  both     ${(dry + apply).toFixed(1)} s (target: under 60 s)`);
    await app.close();
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}
