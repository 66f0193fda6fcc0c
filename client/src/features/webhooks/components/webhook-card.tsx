import type { Webhook, WebhookDelivery } from '@common/schemas/webhooks';
import { RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FormActions } from '@/components/form-parts';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { newActionKey } from '@/lib/action-key';
import { readApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRetryWebhookDelivery } from '../api/retry-webhook-delivery';
import { WEBHOOK_TEXTS as T } from '../texts';

const STATUS_TONES = { pending: 'warning', delivered: 'success', failed: 'danger' } as const;

function DeleteButton({ webhook }: { webhook: Webhook }) {
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(newActionKey);
  const remove = useDeleteWebhook();
  const confirm = () =>
    remove.mutate(
      { id: webhook.id, key },
      {
        onSuccess: () => {
          toast({ title: T.toasts.deleted });
          setOpen(false);
        },
        onError: (error) => {
          setKey(newActionKey());
          toast({ tone: 'danger', title: T.toasts.deleteFailed, description: readApiError(error).message });
        },
      },
    );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="px-3 text-red-700" aria-label={T.deleteOf(webhook.url)}>
          <Trash2 className="size-5 shrink-0" aria-hidden="true" />
          {T.delete}
        </Button>
      </DialogTrigger>
      <DialogContent title={T.confirmDeleteTitle}>
        <p className="text-base text-slate-800">{T.confirmDeleteBody}</p>
        <FormActions className="mt-4">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {T.cancel}
          </Button>
          <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
            <Trash2 className="size-5" aria-hidden="true" />
            {T.delete}
          </Button>
        </FormActions>
      </DialogContent>
    </Dialog>
  );
}

function DeliveryRow({ webhookId, delivery }: { webhookId: number; delivery: WebhookDelivery }) {
  const retry = useRetryWebhookDelivery();
  const [key, setKey] = useState(newActionKey);
  const sendAgain = () =>
    retry.mutate(
      { id: delivery.id, webhookId, key },
      {
        onSuccess: () => {
          setKey(newActionKey());
          toast({ title: T.toasts.queued });
        },
        onError: (error) => {
          setKey(newActionKey());
          toast({ tone: 'danger', title: T.toasts.retryFailed, description: readApiError(error).message });
        },
      },
    );
  const details = [
    T.attempts(delivery.attempts),
    delivery.responseStatus !== null ? T.answered(delivery.responseStatus) : null,
    delivery.error,
    delivery.status === 'pending' && delivery.nextAttemptAt
      ? T.nextAttempt(formatDateTime(delivery.nextAttemptAt))
      : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 py-2">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
          <Badge tone={STATUS_TONES[delivery.status]}>{T.statuses[delivery.status]}</Badge>
          <span>{T.events[delivery.type]}</span>
          <span className="text-slate-600">{formatDateTime(delivery.createdAt)}</span>
        </p>
        <p className="text-sm break-words text-slate-600">{details.join(' · ')}</p>
      </div>
      <Button variant="outline" className="px-3" onClick={sendAgain} disabled={retry.isPending}>
        <RotateCw className="size-4" aria-hidden="true" />
        {T.sendAgain}
      </Button>
    </li>
  );
}

function Deliveries({ webhookId }: { webhookId: number }) {
  const deliveries = useWebhookDeliveries(webhookId);
  if (deliveries.isPending) return <p className="text-sm text-slate-600">{T.loading}</p>;
  if (deliveries.isError) return <LoadError error={deliveries.error} onRetry={() => deliveries.refetch()} />;
  if (!deliveries.data.length) return <p className="text-sm text-slate-600">{T.noDeliveries}</p>;
  return (
    <ul aria-label={T.deliveries} className="mt-2">
      {deliveries.data.map((delivery) => (
        <DeliveryRow key={delivery.id} webhookId={webhookId} delivery={delivery} />
      ))}
    </ul>
  );
}

/** A webhook: its address and events; its deliveries log, each with "Send again"; delete. */
export function WebhookCard({ webhook }: { webhook: Webhook }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  return (
    <Card className="p-4">
      <p className="font-mono text-base font-semibold break-all text-slate-900">{webhook.url}</p>
      {webhook.description ? <p className="text-sm text-slate-700">{webhook.description}</p> : null}
      <div className="mt-2 flex flex-wrap gap-1.5">
        {webhook.events.map((event) => (
          <Badge key={event} tone="info">
            {T.events[event]}
          </Badge>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setShowDeliveries((shown) => !shown)} aria-expanded={showDeliveries}>
          {showDeliveries ? T.hideDeliveries : T.deliveries}
        </Button>
        <DeleteButton webhook={webhook} />
      </div>
      {showDeliveries ? <Deliveries webhookId={webhook.id} /> : null}
    </Card>
  );
}
