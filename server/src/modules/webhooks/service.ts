import type { Webhook, WebhookDelivery, WebhookDeliveryStatus, WebhookEvent } from '@common/schemas/webhooks';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEvents, webhooks } from '../../db/schema';
import { notFound } from '../../plugins/errors';

const iso = (time: Date | null) => time?.toISOString() ?? null;

/** The organization's webhooks, newest first; never their secrets. */
export async function listWebhooks(db: Database, organizationId: number): Promise<Webhook[]> {
  const rows = await db
    .select({
      id: webhooks.id,
      url: webhooks.url,
      events: webhooks.events,
      description: webhooks.description,
      createdAt: webhooks.createdAt,
    })
    .from(webhooks)
    .where(and(eq(webhooks.organizationId, organizationId), isNull(webhooks.deletedAt)))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
  return rows.map((row) => ({ ...row, events: row.events as WebhookEvent[], createdAt: row.createdAt.toISOString() }));
}

const deliveryFields = {
  id: webhookDeliveries.id,
  eventId: webhookEvents.eventId,
  type: webhookEvents.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseStatus: webhookDeliveries.responseStatus,
  responseSnippet: webhookDeliveries.responseSnippet,
  error: webhookDeliveries.error,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
};
type DeliveryRow = { [K in keyof typeof deliveryFields]: (typeof deliveryFields)[K]['_']['data'] | null };

const present = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id as number,
  eventId: row.eventId as string,
  type: row.type as WebhookEvent,
  status: row.status as WebhookDeliveryStatus,
  attempts: row.attempts as number,
  responseStatus: row.responseStatus,
  responseSnippet: row.responseSnippet,
  error: row.error,
  nextAttemptAt: iso(row.nextAttemptAt),
  lastAttemptAt: iso(row.lastAttemptAt),
  deliveredAt: iso(row.deliveredAt),
  createdAt: (row.createdAt as Date).toISOString(),
});

/** A webhook's last 100 deliveries, newest first; 404 for a deleted or foreign webhook. */
export async function listDeliveries(db: Database, organizationId: number, webhookId: number) {
  const [found] = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.organizationId, organizationId), isNull(webhooks.deletedAt)));
  if (!found) throw notFound('Webhook not found');
  const rows = await db
    .select(deliveryFields)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(100);
  return rows.map(present);
}

export async function readDelivery(db: Database, organizationId: number, id: number): Promise<WebhookDelivery> {
  const [row] = await db
    .select(deliveryFields)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.organizationId, organizationId)));
  if (!row) throw notFound('Webhook delivery not found');
  return present(row);
}
