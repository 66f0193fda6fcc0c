import { createUserBody } from '@common/schemas/auth';
import { ALL_PLANTS } from '@common/texts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { ImportContext, ImportField, ImportOutcome, ImportRow, ImportTarget } from '../../lib/imports';
import { userPlantNames } from '../../lib/scope';
import {
  type CellReader,
  type CheckedRow,
  changesOf,
  columnIn,
  dedupe,
  editOf,
  firstRows,
  issuesOf,
  labelOf,
  listIn,
  once,
  outcomeOf,
  type Refusal,
  type RowValues,
  readRow,
  readText,
  readWord,
} from '../imports';
import { checkPlantName } from '../plants';
import { addUser, inviteLink, updateUser } from './service';

/*
 * The organization's people imported from a list (issue 32): rows keyed by email. A new address is invited as the
 * admin's "add user" invites one; a known one has its name, role and plants changed field by field, by the rules of
 * changing one user by hand: never your own role, never the last active admin. Passwords are never imported.
 */

const f = (name: string, label: string, headers: string[], requiredForNew: boolean): ImportField => ({
  name,
  label,
  headers,
  requiredForNew,
});

export const USER_IMPORT_FIELDS: readonly ImportField[] = [
  f('email', 'Email', ['e-mail', 'mail', 'email address', 'e-mail address', 'login'], true),
  f('name', 'Name', ['full name', 'person', 'user name', 'employee'], true),
  f('role', 'Role', ['access', 'access level', 'user role', 'position'], true),
  f('plants', 'Plants', ['sites', 'site', 'plant', 'facilities', 'locations'], false),
];

const ALL_WORDS = new Set(['all', 'all plants', 'all sites', 'any', 'every plant', 'everywhere', '*']);

/** "Power Plant A; Gas Plant B" as the names written, each once; a word such as "all" is every plant. */
const readPlants: CellReader = (cell, refuse) => {
  const text = readText(cell, refuse);
  if (typeof text !== 'string') return undefined;
  if (ALL_WORDS.has(text.toLowerCase())) return ALL_PLANTS;
  const names = listIn(text);
  return names.length ? names.join('\n') : undefined;
};

const USER_READERS: Record<string, CellReader> = {
  email: (cell, refuse) => {
    const text = readText(cell, refuse);
    if (typeof text !== 'string') return undefined;
    const read = createUserBody.shape.email.safeParse(text);
    if (!read.success) refuse(`"${text}" ${read.error.issues[0].message}`);
    return read.data;
  },
  role: readWord(
    {
      technician: 'technician',
      tech: 'technician',
      supervisor: 'supervisor',
      engineer: 'engineer',
      admin: 'admin',
      administrator: 'admin',
    },
    'technician, supervisor, engineer or admin',
  ),
  plants: readPlants,
};

export const readUserRow = (row: ImportRow) => readRow(row, USER_READERS);

const label = labelOf(USER_IMPORT_FIELDS);
/** A user's plants as the Plants column says them: their names in order, or every plant. */
const plantsText = (names: string[]) => (names.length ? [...names].sort().join(', ') : ALL_PLANTS);
const plantsOf = (text: string) => (text === ALL_PLANTS ? [] : text.split(', '));

type Current = { id: number; email: string; name: string; role: string; active: boolean; version: number };
type Checked =
  | (CheckedRow & { kind: 'create'; values: RowValues })
  | (CheckedRow & { kind: 'update'; current: Current; edit: RowValues })
  | { kind: 'unchanged' };

async function checkRows(db: Database, context: ImportContext, rows: readonly ImportRow[], lock: boolean) {
  const { scope, actor } = context;
  const query = db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      active: users.active,
      version: users.version,
      plants: userPlantNames,
    })
    .from(users)
    .where(eq(users.organizationId, scope.organizationId));
  const known = await (lock ? query.for('update', { of: users }) : query);
  const byEmail = new Map(known.map((u) => [u.email.toLowerCase(), u]));
  // The active admins left as the rows are read: a row that would leave none is refused.
  const admins = new Set(known.filter((u) => u.role === 'admin' && u.active).map((u) => u.id));
  const plantNamed = once((name) => checkPlantName(db, scope.organizationId, name, { active: false }));
  const firstRowOf = firstRows();
  const refused: Refusal[] = [];
  const checked: Checked[] = [];

  for (const row of rows) {
    const { values, refused: unread } = readUserRow(row);
    const columnOf = columnIn(row, label);
    const refuse = (field: string, message: string) => unread.push({ row: row.row, column: columnOf(field), message });
    const email = values.email;
    if (typeof email !== 'string') {
      if (!unread.length) refuse('email', 'is required: it says which user the row is');
      refused.push(...dedupe(unread));
      continue;
    }
    const first = firstRowOf(email, row.row);
    if (first !== undefined) refuse('email', `${email} is also in row ${first}: a user appears once in a file`);
    if (typeof values.plants === 'string' && values.plants !== ALL_PLANTS) {
      const names: string[] = [];
      for (const name of values.plants.split('\n')) {
        const plant = await plantNamed(name);
        if ('error' in plant) refuse('plants', `unknown plant "${name}": ${plant.error}`);
        else names.push(plant.value.name);
      }
      values.plants = plantsText(names);
    }
    const current = byEmail.get(email);
    const { email: _key, ...fields } = values;
    if (!current) {
      const parsed = createUserBody
        .omit({ password: true })
        .safeParse({ ...fields, email, plants: plantsOf(String(values.plants ?? ALL_PLANTS)) });
      if (!parsed.success) unread.push(...issuesOf(row.row, parsed.error, columnOf));
      if (unread.length) refused.push(...dedupe(unread));
      else checked.push({ kind: 'create', row: row.row, key: email, values: { ...fields, email } });
      continue;
    }
    const flat: RowValues = { name: current.name, role: current.role, plants: plantsText(current.plants ?? []) };
    const edit = editOf(flat, fields);
    if (typeof edit.name === 'string') {
      const name = createUserBody.shape.name.safeParse(edit.name);
      if (!name.success) refuse('name', name.error.issues[0].message);
    }
    if (edit.role !== undefined && current.id === actor.id) {
      refuse('role', 'you cannot change your own role: another administrator can');
    } else if (edit.role !== undefined && admins.has(current.id) && edit.role !== 'admin') {
      if (admins.size === 1) refuse('role', `${current.email} is the last active admin: an organization needs one`);
      else if (!unread.length) admins.delete(current.id);
    }
    if (unread.length) refused.push(...dedupe(unread));
    else if (!Object.keys(edit).length) checked.push({ kind: 'unchanged' });
    else
      checked.push({ kind: 'update', row: row.row, key: current.email, fields: changesOf(flat, edit), current, edit });
  }
  return { checked, refused };
}

type CreateRow = Extract<Checked, { kind: 'create' }>;
type UpdateRow = Extract<Checked, { kind: 'update' }>;

export const userImport: ImportTarget = {
  kind: 'users',
  fields: USER_IMPORT_FIELDS,
  async example() {
    return { email: 'jordan.lee@example.com', name: 'Jordan Lee', role: 'technician', plants: ALL_PLANTS };
  },
  async run(db, context, rows, shouldWrite): Promise<ImportOutcome> {
    const { checked, refused } = await checkRows(db, context, rows, shouldWrite);
    const creates = checked.filter((c): c is CreateRow => c.kind === 'create');
    const updates = checked.filter((c): c is UpdateRow => c.kind === 'update');
    const invitations: { row: number; email: string; link: string }[] = [];
    if (shouldWrite) {
      const { scope, actor } = context;
      for (const { row, values } of creates) {
        const body = createUserBody.omit({ password: true }).parse({
          ...values,
          plants: plantsOf(String(values.plants ?? ALL_PLANTS)),
        });
        const { invite } = await addUser(db, scope.organizationId, body, null);
        if (invite) invitations.push({ row, email: body.email, link: inviteLink(context.appOrigin, invite.token) });
      }
      for (const { current, edit } of updates) {
        await updateUser(db, scope.organizationId, actor.id, current.id, {
          version: current.version,
          ...(typeof edit.name === 'string' && { name: edit.name }),
          ...(typeof edit.role === 'string' && { role: createUserBody.shape.role.parse(edit.role) }),
          ...(typeof edit.plants === 'string' && { plants: plantsOf(edit.plants) }),
        });
      }
    }
    return { ...outcomeOf(rows.length, checked, refused), ...(shouldWrite && { invitations }) };
  },
};
