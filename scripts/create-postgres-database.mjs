#!/usr/bin/env node
/**
 * Makes a PostgreSQL database for ValveOps with its two roles (docs/operations.md, "Two roles"): NAME_owner owns
 * the tables and runs the migrations, NAME_server is what the server works as and owns nothing, so it cannot
 * switch the history's triggers off. Prints the DATABASE_URL and DATABASE_OWNER_URL to start the server with.
 *
 *   node scripts/create-postgres-database.mjs [admin-url] [name]
 *   (defaults: postgres://postgres@127.0.0.1:5432/postgres, valveops)
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = process.argv[3] ?? 'valveops';
if (!/^[a-z_][a-z0-9_]{0,40}$/.test(name)) {
  console.error(`The database name "${name}" must be lower-case letters, digits and _`);
  process.exit(2);
}
const owner = `${name}_owner`;
const server = `${name}_server`;
const password = () => randomBytes(18).toString('base64url');
const passwords = { [owner]: password(), [server]: password() };

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
try {
  for (const [role, secret] of Object.entries(passwords)) {
    const exists = (await admin.query('select 1 from pg_roles where rolname = $1', [role])).rowCount;
    await admin.query(`${exists ? 'alter' : 'create'} role ${role} login password '${secret}'`);
  }
  const made = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!made) await admin.query(`create database ${name} owner ${owner}`);
  // The server's role connects; it creates nothing in public (PostgreSQL 15's default, said again for older ones).
  await admin.query(`grant connect on database ${name} to ${server}`);
} finally {
  await admin.end();
}
const at = new URL(adminUrl);
const url = (role) => `postgres://${role}:${passwords[role]}@${at.host}/${name}`;
console.log(`DATABASE_URL=${url(server)}`);
console.log(`DATABASE_OWNER_URL=${url(owner)}`);
