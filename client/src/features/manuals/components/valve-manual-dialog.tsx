import type { ValveDetail } from '@common/schemas/valves';
import { manualStatusTone, valveStatusStyle } from '@common/status-styles';
import { TEXTS } from '@common/texts';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ActuatorTab } from './actuator-tab';
import { ManualText, TextSections } from './manual-text';

const T = TEXTS.manualDialog;

/** The ten tabs of spec §2.7, in order; labels come from TEXTS so tests assert the same words. */
export const MANUAL_TABS = [
  'operating',
  'actuator',
  'installation',
  'maintenance',
  'parts',
  'nozzles',
  'torque',
  'national-board',
  'asme',
  'certification',
] as const;
export type ManualTab = (typeof MANUAL_TABS)[number];

/** 'safety' opens the Maintenance tab at its Safety Protocol, which otherwise sits below two long texts. */
export type ManualStart = ManualTab | 'safety';

type Props = { valve: ValveDetail; open: boolean; onOpenChange: (open: boolean) => void; initialTab?: ManualStart };

/**
 * Spec §2.7: the valve's manual as ten tabs. On a phone it fills the screen (a manual is read, not glanced at);
 * the tabs are one row that scrolls sideways and stays at the top while a long text scrolls under it.
 */
export function ValveManualDialog({ valve, open, onOpenChange, initialTab = 'operating' }: Props) {
  const { label } = valveStatusStyle(valve.status);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`${valve.valveId} Manual`}
        description={`Technical manual of valve ${valve.valveId}`}
        className="max-w-3xl max-sm:inset-0 max-sm:max-h-dvh max-sm:translate-y-0 max-sm:rounded-none"
      >
        <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="text-base text-slate-700">
            <span className="font-bold text-slate-900">{valve.valveId}</span> · {valve.manufacturer} {valve.model}
          </p>
          <Badge tone={manualStatusTone(valve.status)}>{label}</Badge>
        </div>
        <Tabs defaultValue={initialTab === 'safety' ? 'maintenance' : initialTab}>
          <TabsList aria-label="Manual sections" className="sticky -top-4 z-10 shadow-sm">
            {MANUAL_TABS.map((tab, index) => (
              <TabsTrigger key={tab} value={tab} className="flex-none px-3">
                {T.tabs[index]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="operating">
            <TextSections
              sections={[
                { title: T.specifications, text: valve.specifications },
                { title: T.operatingManual, text: valve.operatingManual },
              ]}
            />
          </TabsContent>
          <TabsContent value="actuator">
            <ActuatorTab valve={valve} />
          </TabsContent>
          <TabsContent value="installation">
            <ManualText text={valve.installationGuide} />
          </TabsContent>
          <TabsContent value="maintenance">
            <TextSections
              sections={[
                { title: T.standardProcedure, text: valve.maintenanceProcedure },
                { title: T.troubleshooting, text: valve.troubleshootingGuide },
                { title: T.safetyProtocol, text: valve.safetyProtocol },
              ]}
              startAt={initialTab === 'safety' ? T.safetyProtocol : undefined}
            />
          </TabsContent>
          <TabsContent value="parts">
            <ManualText text={valve.partsList} />
          </TabsContent>
          <TabsContent value="nozzles">
            <ManualText text={valve.nozzleConfiguration} />
          </TabsContent>
          <TabsContent value="torque">
            <ManualText text={valve.torqueSpecifications} />
          </TabsContent>
          <TabsContent value="national-board">
            <ManualText text={valve.nationalBoardInfo} missing={T.noNationalBoard} />
          </TabsContent>
          <TabsContent value="asme">
            <ManualText text={valve.asmeCodeInfo} missing={T.noAsme} />
          </TabsContent>
          <TabsContent value="certification">
            <ManualText text={valve.certificationData} missing={T.noCertification} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
