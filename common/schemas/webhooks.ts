import { z } from 'zod';
import { isoDateTime } from './params';

/** What a webhook may be told of (docs/decisions/108-webhooks-outbox.md). */
export const WEBHOOK_EVENTS = [
  'work_order.created',
  'work_order.status_changed',
  'work_order.completed',
  'anomaly.opened',
  'relief_test.failed',
  'plan.occurrence_raised',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The headers of a delivery: the event's id (the same on every attempt) and `t=<unix seconds>,v1=<hex HMAC>`. */
export const WEBHOOK_EVENT_ID_HEADER = 'ValveOps-Event-Id';
export const WEBHOOK_SIGNATURE_HEADER = 'ValveOps-Signature';

export const createWebhookBody = z.object({
  url: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .max(2000, { error: 'must be at most 2000 characters' }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of: ${WEBHOOK_EVENTS.join(', ')}` }), {
      error: 'is required',
    })
    .min(1, { error: 'needs at least one event' })
    .transform((events) => [...new Set(events)]),
  description: z.string().trim().max(500, { error: 'must be at most 500 characters' }).nullish(),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

/** A webhook as listed: never its secret. */
export const webhook = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string().nullable(),
  createdAt: isoDateTime,
});
export type Webhook = z.infer<typeof webhook>;

/** The answer to a creation: the only time the signing secret is shown. */
export const createdWebhook = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  secret: z.string(),
});
export type CreatedWebhook = z.infer<typeof createdWebhook>;

/** One event sent (or being sent) to one webhook. */
export const webhookDelivery = z.object({
  id: z.number(),
  /** The event's id, as in the `ValveOps-Event-Id` header. */
  eventId: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** The receiver's last HTTP status; null when none answered. */
  responseStatus: z.number().nullable(),
  /** The start of the receiver's last answer. */
  responseSnippet: z.string().nullable(),
  /** Why the last attempt failed without an answer (timeout, refused address...). */
  error: z.string().nullable(),
  nextAttemptAt: isoDateTime.nullable(),
  lastAttemptAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
