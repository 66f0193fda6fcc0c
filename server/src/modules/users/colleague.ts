import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { invalidField } from '../../plugins/errors';

/**
 * The person a request names in `field` (whose hours, who orders for a store, who holds a qualification), who must
 * be of the organization: another organization's id is as unknown as none, a 400 on the field that never says it
 * exists elsewhere. With `active`, a deactivated colleague is refused too (they would be told nothing they could
 * act on).
 */
export async function colleagueNamed(
  db: Database,
  organizationId: number,
  userId: number,
  field: string,
  { active = false } = {},
): Promise<{ id: number; name: string }> {
  const [person] = await db
    .select({ id: users.id, name: users.name, active: users.active })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  if (!person) throw invalidField(field, 'is not a user of your organization');
  if (active && !person.active) throw invalidField(field, 'is deactivated: name someone who works here now');
  return { id: person.id, name: person.name };
}
