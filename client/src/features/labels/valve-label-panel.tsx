import { TEXTS } from '@common/texts';
import { Printer } from 'lucide-react';
import { useState } from 'react';
import { Section } from '@/components/section';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useRequestUrl } from './api/request-link';
import { LabelGrid } from './label-grid';
import { labelDataUrl } from './label-svg';
import { PlantLabelsDialog } from './plant-labels-dialog';
import { usePrintSheet } from './print-sheet';

const T = TEXTS.labels;

/**
 * The valve's QR label on its detail screen: the code the scanner reads and, once its link is known, the code anyone
 * scans to report a problem there; printable alone or with its plant's.
 */
export function ValveLabelPanel({ valve }: { valve: { id: number; valveId: string; plant: string } }) {
  const [plantSheetOpen, setPlantSheetOpen] = useState(false);
  const { print, sheet } = usePrintSheet();
  const label = { valveId: valve.valveId, plant: valve.plant, requestUrl: useRequestUrl(valve.id) };
  return (
    <Section id="qr-label" title={T.title}>
      <Card className="flex flex-wrap items-center gap-4 p-4">
        <img
          src={labelDataUrl(label)}
          alt={`QR label ${valve.valveId}`}
          className={`${label.requestUrl ? 'w-64' : 'w-32'} max-w-full shrink-0 rounded border border-slate-200`}
        />
        <div className="grid min-w-0 flex-1 basis-48 gap-2">
          <Button variant="outline" onClick={() => print(<LabelGrid valves={[label]} />)}>
            <Printer className="size-5 shrink-0" aria-hidden="true" />
            {T.print}
          </Button>
          <Button variant="outline" onClick={() => setPlantSheetOpen(true)}>
            <Printer className="size-5 shrink-0" aria-hidden="true" />
            {T.printPlant(valve.plant)}
          </Button>
        </div>
      </Card>
      <PlantLabelsDialog plant={valve.plant} open={plantSheetOpen} onOpenChange={setPlantSheetOpen} />
      {sheet}
    </Section>
  );
}
