import type { SubscriptionStatus } from '@common/billing';
import type { Tone } from '@common/status-styles';
import { Badge } from '@/components/ui/badge';

const STYLES: Record<SubscriptionStatus, { label: string; tone: Tone }> = {
  trialing: { label: 'Trial', tone: 'info' },
  active: { label: 'Active', tone: 'success' },
  past_due: { label: 'Past due', tone: 'warning' },
  canceled: { label: 'Canceled', tone: 'muted' },
  incomplete: { label: 'Incomplete', tone: 'muted' },
  incomplete_expired: { label: 'Expired', tone: 'muted' },
  unpaid: { label: 'Unpaid', tone: 'danger' },
  paused: { label: 'Paused', tone: 'neutral' },
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const style = STYLES[status];
  return <Badge tone={style.tone}>{style.label}</Badge>;
}
