import { importReport } from '@common/schemas/imports';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { userPlantNames } from '../../lib/scope';
import { importUpload, csvFile as registerCsv } from '../../testing/import-upload';
import type { FilePart } from '../../testing/multipart';
import { createTestApp, PERSONAS, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 24 });
});
afterAll(() => t.close());

const csvFile = (rows: string[][]) => registerCsv(rows, 'people.csv');
const upload = (mode: string, file: FilePart, as: Persona = 'admin') => importUpload(t, 'users', mode, file, { as });

const people = () =>
  t.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      plants: userPlantNames,
      invited: sql<boolean>`${users.inviteTokenHash} is not null`,
      passwordHash: users.passwordHash,
      version: users.version,
    })
    .from(users)
    .where(eq(users.organizationId, 1))
    .orderBy(users.id);
const person = async (email: string) => (await people()).find((p) => p.email === email);

/** A site's staff list: its own column names, the app's through the synonyms. */
const HEADER = ['E-mail', 'Full name', 'Role', 'Sites'];
const LIST = [
  HEADER,
  ['Nia.Okoro@northfield.example', 'Nia Okoro', 'Technician', 'Power Plant A; gas plant b'],
  [PERSONAS.technician, 'Maria Santos', 'Supervisor', 'all'],
  [PERSONAS.limited, 'Tomás Ruiz', 'technician', 'All plants'],
  [PERSONAS.engineer, 'Priya Raman', 'Engineer', ''],
  ['not-an-email', 'Someone', 'Technician', ''],
  ['wizard@northfield.example', 'Merlin', 'Wizard', ''],
  ['atlantis@northfield.example', 'Aqua Man', 'Engineer', 'Atlantis'],
  [PERSONAS.admin, 'Alex Chen', 'Engineer', ''],
  ['nia.okoro@northfield.example', 'Nia Again', 'Technician', ''],
  ['nameless@northfield.example', '', 'Technician', ''],
];

describe('POST /api/imports/users', () => {
  it('checks a staff list in a dry run, names every refusal, and writes nothing', async () => {
    const before = await people();
    const res = await upload('dry-run', csvFile(LIST));
    expect(res.statusCode).toBe(200);
    const report = importReport.parse(res.json());
    expect(report).toMatchObject({ rows: 10, create: 1, update: 2, unchanged: 1, blockedBy: null });
    expect(report.mapping).toEqual({ 'E-mail': 'email', 'Full name': 'name', Role: 'role', Sites: 'plants' });
    expect(report.creates).toEqual([{ row: 1, key: 'nia.okoro@northfield.example' }]);
    expect(report.changes).toEqual([
      { row: 2, key: PERSONAS.technician, fields: [{ field: 'role', from: 'technician', to: 'supervisor' }] },
      { row: 3, key: PERSONAS.limited, fields: [{ field: 'plants', from: 'Power Plant A', to: 'All plants' }] },
    ]);
    expect(report.refused.map((r) => `${r.row} ${r.column}: ${r.message}`)).toEqual([
      '5 E-mail: "not-an-email" must be an email address',
      '6 Role: must be technician, supervisor, engineer or admin, not "Wizard"',
      expect.stringMatching(/^7 Sites: unknown plant "Atlantis": must be one of: .*Gas Plant B/),
      '8 Role: you cannot change your own role: another administrator can',
      '9 E-mail: nia.okoro@northfield.example is also in row 1: a user appears once in a file',
      '10 Full name: is required',
    ]);
    expect(await people()).toEqual(before);
  });

  it('invites the new addresses and changes the known ones, and the same list again is all unchanged', async () => {
    const maria = await person(PERSONAS.technician);
    const res = await upload('apply', csvFile(LIST));
    expect(res.statusCode).toBe(200);
    const report = importReport.parse(res.json());
    expect(report).toMatchObject({ create: 1, update: 2, applied: true });
    // Invited as the admin's "add user" invites: no password, an invitation to accept.
    expect(await person('nia.okoro@northfield.example')).toMatchObject({
      name: 'Nia Okoro',
      role: 'technician',
      plants: ['Gas Plant B', 'Power Plant A'],
      invited: true,
      passwordHash: null,
    });
    // The link is in this answer only (its hash is kept), and it opens the account as add user's does.
    expect(report.invitations).toEqual([
      {
        row: expect.any(Number),
        email: 'nia.okoro@northfield.example',
        link: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/accept-invite\?token=/),
      },
    ]);
    const token = new URL(report.invitations?.[0].link ?? '').searchParams.get('token');
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invite',
      payload: { token, password: 'Nia-chooses-a-long-passphrase' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await person(PERSONAS.technician)).toMatchObject({ role: 'supervisor', version: (maria?.version ?? 0) + 1 });
    expect((await person(PERSONAS.limited))?.plants).toBeNull();
    const again = importReport.parse((await upload('dry-run', csvFile(LIST))).json());
    expect(again).toMatchObject({ create: 0, update: 0, unchanged: 4, changes: [], creates: [] });
    expect(again.invitations).toBeUndefined();
    expect(again.refused).toEqual(report.refused);

    const renamed = importReport.parse(
      (await upload('apply', csvFile([HEADER, [PERSONAS.technician, 'Maria Santos-Diaz', '', '']]))).json(),
    );
    expect(renamed.changes).toEqual([
      { row: 1, key: PERSONAS.technician, fields: [{ field: 'name', from: 'Maria Santos', to: 'Maria Santos-Diaz' }] },
    ]);
    expect((await person(PERSONAS.technician))?.name).toBe('Maria Santos-Diaz');
  });

  it('writes nothing when a row fails while writing', async () => {
    await t.db.execute(sql`create function refuse_user() returns trigger language plpgsql as $$
      begin if new.email = 'boom@northfield.example' then raise exception 'disk on fire'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger refuse_user before insert on users for each row execute function refuse_user()`,
    );
    try {
      const before = await people();
      const res = await upload(
        'apply',
        csvFile([
          HEADER,
          [PERSONAS.supervisor, 'James Okafor', 'Engineer', ''],
          ['fine@northfield.example', 'Fine', 'Technician', ''],
          ['boom@northfield.example', 'Boom', 'Technician', ''],
        ]),
      );
      expect(res.statusCode).toBe(500);
      expect(await people()).toEqual(before);
    } finally {
      await t.db.execute(sql`drop trigger refuse_user on users`);
      await t.db.execute(sql`drop function refuse_user()`);
    }
  });

  it('is for admins: a supervisor is refused, and bad input is a 4xx', async () => {
    const list = csvFile([HEADER, ['x@northfield.example', 'X', 'Technician', '']]);
    const supervisor = await upload('dry-run', list, 'supervisor');
    expect(supervisor.statusCode).toBe(403);
    expect(supervisor.json().message).toMatch(/may not/);
    const noEmail = await upload('dry-run', csvFile([['Full name'], ['X']]));
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toMatch(/Map a column to Email/);
    const template = await t.get('/api/imports/users/template', 'admin');
    expect(template.statusCode).toBe(200);
    const [header] = Papa.parse<string[]>(template.body.replace(/^\uFEFF/, '')).data;
    expect(header).toEqual(['Email', 'Name', 'Role', 'Plants']);
    const dry = importReport.parse(
      (await upload('dry-run', { name: 'template.csv', type: 'text/csv', bytes: Buffer.from(template.body) })).json(),
    );
    expect(dry).toMatchObject({ rows: 1, create: 1, refused: [] });
    expect((await t.get('/api/imports/users/template', 'supervisor')).statusCode).toBe(403);
  });
});
