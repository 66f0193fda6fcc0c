import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to port 5000 on all interfaces, PGlite under ./data, demo data on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.uploadsDir).toBe(path.resolve('./data/uploads'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demo).toBe(true);
  });

  it('reads DATABASE_URL, DEMO=false and PORT', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO: 'false', PORT: '8080' });
    expect(config.databaseUrl).toBe('postgres://u@h/db');
    expect(config.demo).toBe(false);
    expect(config.port).toBe(8080);
  });

  it('reads DATABASE_OWNER_URL only beside DATABASE_URL, and refuses one that is not PostgreSQL', () => {
    const both = { DATABASE_URL: 'postgres://server@h/db', DATABASE_OWNER_URL: 'postgres://owner@h/db' };
    expect(loadConfig(both).databaseOwnerUrl).toBe('postgres://owner@h/db');
    expect(loadConfig({ DATABASE_OWNER_URL: 'postgres://owner@h/db' }).databaseOwnerUrl).toBeUndefined();
    expect(() => loadConfig({ ...both, DATABASE_OWNER_URL: 'owner@h/db' })).toThrow(/DATABASE_OWNER_URL/);
  });

  it('reads READ_DATABASE_URL as a replica of DATABASE_URL, with how far behind it may be read', () => {
    const primary = { DATABASE_URL: 'postgres://server@primary/db' };
    expect(loadConfig(primary).readReplica).toBeNull();
    expect(loadConfig({ ...primary, READ_DATABASE_URL: 'postgres://server@replica/db' }).readReplica).toEqual({
      url: 'postgres://server@replica/db',
      maxLagMs: 1_000,
    });
    expect(
      loadConfig({ ...primary, READ_DATABASE_URL: 'postgres://r/db', READ_REPLICA_MAX_LAG_MS: '250' }).readReplica,
    ).toEqual({ url: 'postgres://r/db', maxLagMs: 250 });
    expect(() => loadConfig({ READ_DATABASE_URL: 'postgres://server@replica/db' })).toThrow(
      /READ_DATABASE_URL: is a replica of DATABASE_URL/,
    );
    expect(() => loadConfig({ ...primary, READ_DATABASE_URL: 'mysql://r/db' })).toThrow(/READ_DATABASE_URL/);
    expect(() => loadConfig({ ...primary, READ_REPLICA_MAX_LAG_MS: '-1' })).toThrow(/READ_REPLICA_MAX_LAG_MS/);
  });

  it('keeps uploads in the directory unless FILE_STORE=database, and refuses any other store', () => {
    expect(loadConfig({}).fileStore).toBe('directory');
    expect(loadConfig({ FILE_STORE: 'database' }).fileStore).toBe('database');
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/FILE_STORE: must be directory or database/);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE, else from the CPU cores (at least 4)', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    expect(loadConfig({}).databasePoolSize).toBe(Math.max(4, 2 * os.availableParallelism()));
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('refuses bad values, naming each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DEMO: 'maybe', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*DEMO|PORT[\s\S]*DEMO/,
    );
  });

  it('reads the mail settings; with SMTP_URL the site address for links must be given (issue 27, item 1)', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'ValveOps <no-reply@localhost>',
      publicUrl: 'http://localhost:5000',
    });
    const mail = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Valves <valves@plant.example>',
      PUBLIC_URL: 'https://valves.plant.example/',
    }).mail;
    expect(mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example:465',
      from: 'Valves <valves@plant.example>',
      publicUrl: 'https://valves.plant.example',
    });
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example' })).toThrow(/PUBLIC_URL: is needed with SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: must be an smtp/);
  });
});
