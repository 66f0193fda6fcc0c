import type { ValveDetail } from '@common/schemas/valves';
import { DetailList, DetailRow } from '@/components/detail-row';
import { LongText } from '@/components/long-text';
import { Card } from '@/components/ui/card';

function TextBlock({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <Card className="p-4">
      <h3 className="mb-2 text-base font-bold text-slate-900">{title}</h3>
      <LongText text={text} title={title} />
    </Card>
  );
}

export function ValveSpecificationsTab({ valve }: { valve: ValveDetail }) {
  return (
    <div className="grid gap-3">
      <Card className="px-4 py-1">
        <DetailList>
          <DetailRow label="Type">{valve.type}</DetailRow>
          <DetailRow label="Size">{valve.size}</DetailRow>
          <DetailRow label="Pressure">{valve.pressure}</DetailRow>
          <DetailRow label="System">{valve.system}</DetailRow>
          <DetailRow label="Manufacturer">{valve.manufacturer}</DetailRow>
          <DetailRow label="Model">{valve.model}</DetailRow>
        </DetailList>
      </Card>
      <TextBlock title="Technical Specifications" text={valve.specifications} />
      <TextBlock title="Troubleshooting Guide" text={valve.troubleshootingGuide} />
      <TextBlock title="Safety Protocol" text={valve.safetyProtocol} />
    </div>
  );
}
