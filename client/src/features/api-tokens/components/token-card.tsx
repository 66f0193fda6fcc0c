import type { ApiToken } from '@common/schemas/api-tokens';
import { Clock, KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FormActions } from '@/components/form-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { newActionKey } from '@/lib/action-key';
import { readApiError } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { API_TOKEN_TEXTS as T } from '../texts';

/** Revoke, after saying what it does: programs using the token are refused from their next request. */
function RevokeButton({ token }: { token: ApiToken }) {
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(newActionKey);
  const revoke = useRevokeApiToken();

  const confirm = () =>
    revoke.mutate(
      { id: token.id, key },
      {
        onSuccess: () => {
          toast({ title: T.toasts.revoked(token.name) });
          setOpen(false);
        },
        onError: (error) => {
          setKey(newActionKey());
          toast({ tone: 'danger', title: T.toasts.revokeFailed, description: readApiError(error).message });
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="px-3 text-red-700" aria-label={T.revokeOf(token.name)}>
          <Trash2 className="size-5 shrink-0" aria-hidden="true" />
          {T.revoke}
        </Button>
      </DialogTrigger>
      <DialogContent title={T.confirmRevokeTitle(token.name)}>
        <p className="text-base text-slate-800">{T.confirmRevokeBody}</p>
        <FormActions className="mt-4">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {T.cancel}
          </Button>
          <Button variant="danger" onClick={confirm} disabled={revoke.isPending}>
            <Trash2 className="size-5" aria-hidden="true" />
            {T.revoke}
          </Button>
        </FormActions>
      </DialogContent>
    </Dialog>
  );
}

/** A token: its name, prefix and scopes, who made it, when it expires and when and from where it was last used. */
export function TokenCard({ token }: { token: ApiToken }) {
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
  return (
    <Card className="h-full p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <p className="text-lg font-bold break-words text-slate-900">{token.name}</p>
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <KeyRound className="size-4 shrink-0" aria-hidden="true" />
            <span>
              {T.prefix} <code className="font-mono break-all text-slate-800">{token.prefix}…</code>
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {token.scopes.map((scope) => (
            <Badge key={scope} tone={scope === 'write' ? 'warning' : 'info'}>
              {T.scopeLabels[scope]}
            </Badge>
          ))}
          {expired ? <Badge tone="muted">{T.expired}</Badge> : null}
        </div>
      </div>
      <p className="mt-2 flex items-start gap-1.5 text-sm text-slate-700">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{token.lastUsedAt ? T.lastUsed(formatDateTime(token.lastUsedAt), token.lastUsedFrom) : T.neverUsed}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">{T.createdBy(token.createdBy, formatDate(token.createdAt))}</p>
      <p className="text-sm text-slate-600">{token.expiresAt ? T.expires(formatDate(token.expiresAt)) : T.noExpiry}</p>
      <div className="mt-3">
        <RevokeButton token={token} />
      </div>
    </Card>
  );
}
