import type { Database } from '../db/client';
import { workRequests } from '../db/schema';
import { hashToken } from '../lib/tokens';
import { type KeepFile, writeDemoPhoto } from './images';

const HOUR = 3_600_000;

/** What people on the plant reported at valves this week, not yet triaged (issue 34), and one turned down. */
const REQUESTS = [
  {
    hoursAgo: 3,
    description: 'Steam wisping from the gland, drips on the walkway below',
    name: 'Dana Okafor (scaffolding)',
    photo: true,
  },
  { hoursAgo: 20, description: 'Handwheel very stiff, needed a valve key to move it', name: 'Night shift operator' },
  { hoursAgo: 46, description: 'Knocking noise when the pump starts', name: null },
  {
    hoursAgo: 70,
    description: 'Paint flaking on the bonnet',
    name: 'Lee (painter)',
    reason: 'Cosmetic: in the spring repaint',
  },
] as const;

/**
 * The demo's work requests, in the first organization: three open ones from the label's page (no account), the
 * newest with a photo taken at the valve, and a rejected one, on valves of the demo. Their status links are the
 * demo's own (`demo-request-<n>`), never printed.
 */
export async function seedDemoRequests(
  db: Database,
  options: { organizationId: number; valveIds: number[]; supervisorId: number; now: number; keep: KeepFile },
) {
  const photoKeys = await Promise.all(
    REQUESTS.map(async (r, i) => ('photo' in r ? (await writeDemoPhoto(options.keep, 20, i)).storageKey : null)),
  );
  await db.insert(workRequests).values(
    REQUESTS.map((r, i) => {
      const createdAt = new Date(options.now - r.hoursAgo * HOUR);
      const rejected = 'reason' in r;
      return {
        organizationId: options.organizationId,
        valveId: options.valveIds[(i * 7) % options.valveIds.length],
        description: r.description,
        name: r.name,
        photoKey: photoKeys[i],
        source: 'label',
        statusTokenHash: hashToken(`demo-request-${i + 1}`),
        status: rejected ? 'rejected' : 'open',
        reason: rejected ? r.reason : null,
        decidedAt: rejected ? new Date(createdAt.getTime() + 5 * HOUR) : null,
        decidedByUserId: rejected ? options.supervisorId : null,
        createdAt,
      };
    }),
  );
}
