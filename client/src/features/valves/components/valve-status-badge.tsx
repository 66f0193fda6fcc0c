import { valveStatusStyle } from '@common/status-styles';
import { Badge } from '@/components/ui/badge';

export function ValveStatusBadge({ status }: { status: string }) {
  const { label, tone } = valveStatusStyle(status);
  return <Badge tone={tone}>{label}</Badge>;
}
