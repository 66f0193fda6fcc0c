import { TEXTS } from '@common/texts';
import { Printer } from 'lucide-react';
import { useState } from 'react';
import { Section } from '@/components/section';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LabelGrid } from './label-grid';
import { type LabelValve, labelDataUrl } from './label-svg';
import { PlantLabelsDialog } from './plant-labels-dialog';
import { usePrintSheet } from './print-sheet';

const T = TEXTS.labels;

/** The valve's QR label on its detail screen: the code the scanner reads, printable alone or with its plant's. */
export function ValveLabelPanel({ valve }: { valve: LabelValve }) {
  const [plantSheetOpen, setPlantSheetOpen] = useState(false);
  const { print, sheet } = usePrintSheet();
  return (
    <Section id="qr-label" title={T.title}>
      <Card className="flex flex-wrap items-center gap-4 p-4">
        <img
          src={labelDataUrl(valve)}
          alt={`QR label ${valve.valveId}`}
          className="w-32 shrink-0 rounded border border-slate-200"
        />
        <div className="grid min-w-0 flex-1 basis-48 gap-2">
          <Button variant="outline" onClick={() => print(<LabelGrid valves={[valve]} />)}>
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
