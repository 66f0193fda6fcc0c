import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { DetailList, DetailRow } from '@/components/detail-row';
import { Card } from '@/components/ui/card';

export function WorkOrderValveTab({ valve }: { valve: WorkOrderDetail['valve'] }) {
  return (
    <Card className="px-4 py-1">
      <DetailList>
        <DetailRow label="Valve">
          <Link
            to={`/valves/${valve.id}`}
            className="-my-2 inline-flex min-h-11 items-center gap-1 font-bold text-brand-700 underline-offset-4 hover:underline"
          >
            {valve.valveId}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        </DetailRow>
        <DetailRow label="Type">{valve.type}</DetailRow>
        <DetailRow label="Size">{valve.size}</DetailRow>
        <DetailRow label="Pressure">{valve.pressure}</DetailRow>
        <DetailRow label="Plant">{valve.plant}</DetailRow>
        <DetailRow label="Location">{valve.location}</DetailRow>
        <DetailRow label="System">{valve.system}</DetailRow>
      </DetailList>
    </Card>
  );
}
