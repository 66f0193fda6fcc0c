import { type BillingCycle, type PlanChangeKind, type PlanId, PRICING, planChangeLosses } from '@common/billing';
import type { BillingAccount } from '@common/schemas/billing';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import { BILLING_TEXTS as B } from '../texts';

const KIND_WORDS: Record<PlanChangeKind, string> = {
  new: 'subscription',
  same: 'plan',
  upgrade: 'upgrade',
  downgrade: 'downgrade',
  cycle: 'change of billing cycle',
};
export const kindWord = (kind: PlanChangeKind) => KIND_WORDS[kind];

/**
 * The confirmation of a plan change (issue 17): from what to what, when it starts, and what the organization loses
 * (limits its data is over become read-only, features and included downloads that end). Nothing is set up before
 * the admin confirms.
 */
export function PlanChangeDialog({
  open,
  onOpenChange,
  account,
  kind,
  planId,
  cycle,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account: BillingAccount;
  kind: PlanChangeKind;
  planId: PlanId;
  cycle: BillingCycle;
  onConfirm: () => void;
}) {
  const current = account.plan;
  const target = PRICING.plans[planId];
  const losses = planChangeLosses(current?.planId ?? null, planId, account.usage);
  const later = kind === 'downgrade' || kind === 'cycle';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={`${B.confirmChange(kindWord(kind))}`} description={B.losses}>
        <div className="grid gap-3 text-base text-slate-800">
          <p className="font-semibold text-slate-900">
            {current ? `${current.planName} (${current.billingCycle})` : ''} → {target.name} ({cycle})
          </p>
          <p>{later ? B.laterStarts(formatDate(current?.currentPeriodEnd)) : B.upgradeStarts}</p>
          {account.trialAvailable ? null : <p>{B.noTrial}</p>}
          <h3 className="font-bold text-slate-900">{B.losses}</h3>
          {losses.length ? (
            <ul className="grid list-disc gap-1 pl-5">
              {losses.map((loss) => (
                <li key={loss} className="break-words">
                  {loss}
                </li>
              ))}
            </ul>
          ) : (
            <p>{B.nothingLost}</p>
          )}
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {B.cancel}
            </Button>
            <Button variant={later ? 'danger' : 'primary'} onClick={onConfirm}>
              {B.confirmChange(kindWord(kind))}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
