import { Badge } from '@/components/ui/badge';
import { formatDate, localDay } from '@/lib/format';

const DAY = 86_400_000;
/** Within this many days of its date a certificate, qualification or calibration is flagged as due soon. */
const SOON_DAYS = 30;

/**
 * When a certificate, a qualification or a calibration runs out, in the app's date format: past it, the record
 * form keeps a test a draft (docs/relief-valves.md, "Who may test"), so it says so in red; within 30 days, amber.
 */
export function ExpiryBadge({ on, label }: { on: string; label: string }) {
  const today = localDay();
  const days = Math.round((Date.parse(`${on}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);
  const tone = days < 0 ? 'danger' : days <= SOON_DAYS ? 'warning' : 'success';
  const text = days < 0 ? `${label} ${formatDate(on)}: expired` : `${label} ${formatDate(on)}`;
  return <Badge tone={tone}>{text}</Badge>;
}
