import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { PLANT_TEXTS } from '../texts';

const T = PLANT_TEXTS.tree;

type Counts = { valves: number; overdue: number; inMaintenance: number };

/**
 * A node's roll-up in the status colours of the valve list (spec §4): its valves, and how many are overdue or in
 * maintenance. On a node, a zero of those two is left out: two grey "0" badges per row doubled the tree's length
 * on a phone and hid the red and amber ones that matter. The whole plant (`all`) says every count.
 */
export function TreeCounts({ counts, all = false, className }: { counts: Counts; all?: boolean; className?: string }) {
  return (
    <p className={cn('flex flex-wrap gap-1.5', className)}>
      <Badge tone="neutral">{PLANT_TEXTS.valves(counts.valves)}</Badge>
      {all || counts.overdue > 0 ? (
        <Badge tone={counts.overdue > 0 ? 'danger' : 'muted'}>{T.overdue(counts.overdue)}</Badge>
      ) : null}
      {all || counts.inMaintenance > 0 ? (
        <Badge tone={counts.inMaintenance > 0 ? 'warning' : 'muted'}>{T.inMaintenance(counts.inMaintenance)}</Badge>
      ) : null}
    </p>
  );
}
