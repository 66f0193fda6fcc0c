import { VALVE_CRITICALITY_LABELS } from '@common/constants';
import type { ValveDetail } from '@common/schemas/valves';
import { DetailList, DetailRow } from '@/components/detail-row';
import { LongText } from '@/components/long-text';
import { Card } from '@/components/ui/card';
import { usePlants } from '@/lib/plants';
import { nominalSizeText, ratingText } from '../nominal-values';
import { VALVE_WRITE_TEXTS as T } from '../texts';

function TextBlock({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <Card className="p-4">
      <h3 className="mb-2 text-base font-bold text-slate-900">{title}</h3>
      <LongText text={text} title={title} />
    </Card>
  );
}

/** A row only when the valve has the value: most registers come without materials or a readable size. */
function OptionalRow({ label, value }: { label: string; value: string | null }) {
  return value ? <DetailRow label={label}>{value}</DetailRow> : null;
}

export function ValveSpecificationsTab({ valve }: { valve: ValveDetail }) {
  const { data: plants } = usePlants();
  const sizeUnit = plants?.find((plant) => plant.name === valve.plant)?.units.size ?? 'in';
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
          <DetailRow label={T.area}>{valve.area}</DetailRow>
          <DetailRow label={T.criticality}>{VALVE_CRITICALITY_LABELS[valve.criticality]}</DetailRow>
          <OptionalRow label={T.nominalSize} value={nominalSizeText(valve, sizeUnit)} />
          <OptionalRow label={T.rating} value={ratingText(valve)} />
          <OptionalRow label={T.bodyMaterial} value={valve.bodyMaterial} />
          <OptionalRow label={T.trimMaterial} value={valve.trimMaterial} />
          <OptionalRow label={T.endConnection} value={valve.endConnection} />
        </DetailList>
      </Card>
      <TextBlock title="Technical Specifications" text={valve.specifications} />
      <TextBlock title="Troubleshooting Guide" text={valve.troubleshootingGuide} />
      <TextBlock title="Safety Protocol" text={valve.safetyProtocol} />
    </div>
  );
}
