import type { SessionUser } from '@common/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cell } from '../../lib/cells';
import { createTestApp, PERSONAS, type TestContext } from '../../testing/test-app';
import { readUserRow, userImport } from './import';

const read = (field: string, cell: Cell) => {
  const row = readUserRow({ row: 1, cells: new Map([[field, { column: field, cell }]]) });
  return row.refused.length ? row.refused[0].message : row.values[field];
};

describe('a staff list row as people write it', () => {
  it('reads roles in any case, addresses in lower case, and plants each once or "all"', () => {
    expect(read('role', 'Administrator')).toBe('admin');
    expect(read('role', 'TECHNICIAN')).toBe('technician');
    expect(read('role', 'Boss')).toBe('must be technician, supervisor, engineer or admin, not "Boss"');
    expect(read('email', ' Nia.Okoro@Northfield.example ')).toBe('nia.okoro@northfield.example');
    expect(read('email', 'nia at northfield')).toBe('"nia at northfield" must be an email address');
    expect(read('plants', 'Power Plant A; Gas Plant B, Power Plant A')).toBe('Power Plant A\nGas Plant B');
    expect(read('plants', 'ALL')).toBe('All plants');
    expect(read('plants', 'every plant')).toBe('All plants');
  });
});

describe('the last active admin', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ valves: 4 });
  });
  afterAll(() => t.close());

  it('is never demoted by an import', async () => {
    // An admin's own role is refused before this rule: an actor other than the admin reaches it.
    const outcome = await userImport.run(
      t.db,
      {
        scope: { organizationId: 1, plants: null },
        actor: { id: -1 } as SessionUser,
        fileName: 'people.csv',
        appOrigin: 'http://valveops.test',
      },
      [
        {
          row: 1,
          cells: new Map<string, { column: string; cell: Cell }>([
            ['email', { column: 'Email', cell: PERSONAS.admin }],
            ['role', { column: 'Role', cell: 'engineer' }],
          ]),
        },
      ],
      false,
    );
    expect(outcome.refused).toEqual([
      { row: 1, column: 'Role', message: `${PERSONAS.admin} is the last active admin: an organization needs one` },
    ]);
  });
});
