import { Badge } from '@/components/ui/badge';

export function VerdictBadge({ label, verdict }: { label: string; verdict: 'pass' | 'fail' | null }) {
  if (!verdict) return null;
  return (
    <Badge tone={verdict === 'pass' ? 'success' : 'danger'}>{`${label} ${verdict === 'pass' ? 'PASS' : 'FAIL'}`}</Badge>
  );
}
