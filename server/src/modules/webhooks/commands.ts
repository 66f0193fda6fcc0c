import { randomBytes } from 'node:crypto';
import type { CreatedWebhook, createWebhookBody, WebhookDelivery, WebhookEvent } from '@common/schemas/webhooks';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhooks } from '../../db/schema';
import { HttpError, notFound } from '../../plugins/errors';
import { refusedTarget } from './address';
import { readDelivery } from './service';

export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const DELIVERY_NOT_FOUND = 'Webhook delivery not found';

/** The signing secret: 32 random bytes, recognisable by its prefix like Stripe's `whsec_`. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * A webhook of the organization. Its secret is answered here only; the server keeps it to sign every delivery. A
 * loopback or private target is refused (400) unless the server runs with WEBHOOKS_ALLOW_PRIVATE.
 */
export async function createWebhook(
  db: Database,
  organizationId: number,
  userId: number,
  body: z.output<typeof createWebhookBody>,
  allowPrivate: boolean,
): Promise<CreatedWebhook> {
  const refused = allowPrivate ? null : await refusedTarget(body.url);
  if (refused) throw new HttpError(400, `url ${refused}`, { issues: [{ path: 'url', message: refused }] });
  const secret = newSecret();
  const [row] = await db
    .insert(webhooks)
    .values({
      organizationId,
      createdByUserId: userId,
      url: body.url,
      events: body.events,
      description: body.description || null,
      signingSecret: secret,
    })
    .returning({ id: webhooks.id, url: webhooks.url, events: webhooks.events });
  return { id: row.id, url: row.url, events: row.events as WebhookEvent[], secret };
}

/** Stops at once: no new event is recorded for it, and its deliveries still waiting are marked failed. */
export async function deleteWebhook(db: Database, organizationId: number, id: number): Promise<void> {
  const deleted = await db
    .update(webhooks)
    .set({ deletedAt: new Date() })
    .where(and(eq(webhooks.id, id), eq(webhooks.organizationId, organizationId), isNull(webhooks.deletedAt)))
    .returning({ id: webhooks.id });
  if (!deleted.length) throw notFound(WEBHOOK_NOT_FOUND);
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, error: 'The webhook was deleted.' })
    .where(and(eq(webhookDeliveries.webhookId, id), eq(webhookDeliveries.status, 'pending')));
}

/**
 * "Send again": the delivery is due now, whatever became of it, with a fresh 24 hours of retries; the job's next
 * run sends it (within a minute).
 */
export async function retryDelivery(db: Database, organizationId: number, id: number): Promise<WebhookDelivery> {
  const [live] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.organizationId, organizationId),
        isNull(webhooks.deletedAt),
      ),
    );
  if (!live) throw notFound(DELIVERY_NOT_FOUND);
  const now = new Date();
  await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now, retryingSince: now, error: null })
    .where(eq(webhookDeliveries.id, id));
  return readDelivery(db, organizationId, id);
}
