import { riskBadgeTone } from '@common/status-styles';
import { Badge } from '@/components/ui/badge';

/** Spec §4's risk badge, the level in capitals (HIGH, MEDIUM, ...). */
export function RiskBadge({ level }: { level: string }) {
  return <Badge tone={riskBadgeTone(level)}>{level.toUpperCase()}</Badge>;
}
