import { Badge } from '@/components/ui/badge';

/** The standards a manual complies with (ASME, API, ...), as badges. */
export function ComplianceBadges({ standards }: { standards: readonly string[] }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {standards.map((standard) => (
        <Badge key={standard} tone="primary">
          {standard}
        </Badge>
      ))}
    </div>
  );
}
