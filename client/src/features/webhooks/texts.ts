import type { WebhookDeliveryStatus, WebhookEvent } from '@common/schemas/webhooks';

/** Display texts of the webhooks screen (/admin/webhooks): one source for the screen and its tests. */
export const WEBHOOK_TEXTS = {
  title: 'Webhooks',
  intro:
    'Webhooks tell your other systems (a CMMS, a chat, an alarm board) when something happens here: ValveOps POSTs a signed JSON event to their address.',
  refused: 'Only an administrator can manage webhooks.',
  loading: 'Loading webhooks',
  empty: 'No webhooks yet.',
  add: 'New webhook',
  cancel: 'Cancel',
  events: {
    'work_order.created': 'Work order created',
    'work_order.status_changed': 'Work order status changed',
    'work_order.completed': 'Work order completed',
    'anomaly.opened': 'Anomaly opened',
    'relief_test.failed': 'Relief test failed',
    'plan.occurrence_raised': 'Plan raised work',
  } satisfies Record<WebhookEvent, string>,
  statuses: { pending: 'Waiting', delivered: 'Delivered', failed: 'Failed' } satisfies Record<
    WebhookDeliveryStatus,
    string
  >,
  delete: 'Delete',
  deleteOf: (url: string) => `Delete the webhook to ${url}`,
  confirmDeleteTitle: 'Delete this webhook?',
  confirmDeleteBody: 'Nothing more is sent to it, and deliveries still waiting are dropped.',
  deliveries: 'Deliveries',
  hideDeliveries: 'Hide deliveries',
  noDeliveries: 'Nothing sent yet.',
  attempts: (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`),
  answered: (status: number) => `answered ${status}`,
  nextAttempt: (when: string) => `next try ${when}`,
  sendAgain: 'Send again',
  toasts: {
    deleted: 'The webhook is deleted',
    deleteFailed: 'The webhook was not deleted',
    queued: 'Queued: it is sent within a minute',
    retryFailed: 'Could not queue it again',
  },
  verifyTitle: 'Checking a delivery',
  verifyIntro:
    'Each delivery carries ValveOps-Event-Id and ValveOps-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<raw body>" with the secret>. In Node:',
  verifySnippet: `import { createHmac, timingSafeEqual } from 'node:crypto';

function verify(secret, header, rawBody) {
  const { t, v1 = '' } = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) <= 300;
  return fresh && v1.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}`,
  createDialog: {
    title: 'New webhook',
    url: 'Address',
    urlHint: 'Where events are POSTed: https://…',
    description: 'Description',
    descriptionHint: 'What receives it, so you know which is which.',
    events: 'Events',
    submit: 'Add webhook',
    busy: 'Adding…',
    failed: 'Could not add the webhook',
    ready: 'The webhook is added. Copy its signing secret now:',
    warning: 'This is the only time the secret is shown. The receiver checks each delivery’s signature with it.',
    secret: 'Signing secret',
    copy: 'Copy secret',
    copied: 'Secret copied',
    copyFailed: 'Could not copy: select the secret and copy it by hand.',
    done: 'I have copied it',
  },
} as const;
