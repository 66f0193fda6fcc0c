/** The webhooks domain's door: what the app and main.ts may use of it (docs/decisions/108). */
export { deliverWebhooks, signatureHeader, webhookDeliveryJob } from './deliver';
export { watchWebhookEvents } from './notices';
export { webhookRoutes } from './routes';
