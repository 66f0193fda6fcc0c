import type { ValveDetail } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';
import {
  Activity,
  Archive,
  BookOpen,
  Camera,
  ClipboardCheck,
  ClipboardPlus,
  MessageSquareWarning,
  Pencil,
  ShieldAlert,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { RecordInspectionDialog } from '@/features/maintenance/components/record-inspection-dialog';
import { type ManualStart, ValveManualDialog } from '@/features/manuals/components/valve-manual-dialog';
import { PhotoUploadDialog } from '@/features/photos/components/photo-upload-dialog';
import { ReportProblemDialog } from '@/features/requests/components/report-problem-dialog';
import { REQUEST_TEXTS } from '@/features/requests/texts';
import { DecommissionDialog } from '@/features/valves/components/decommission-dialog';
import { ValveFormDialog } from '@/features/valves/components/valve-form-dialog';
import { ValvePicker } from '@/features/valves/components/valve-picker';
import { VALVE_WRITE_TEXTS as T } from '@/features/valves/texts';
import { WorkOrderFormDialog } from '@/features/work-orders/components/work-order-form-dialog';
import { useCan } from '@/lib/session/use-can';
import { readWorkOrderDraft } from '@/lib/work-order-draft';

const [NEW_WORK_ORDER, ADD_PHOTO, VIEW_MANUAL, SAFETY_PROTOCOL] = TEXTS.valves.buttons;

type Open = 'work-order' | 'photo' | 'inspection' | 'report' | 'edit' | 'decommission' | 'manual' | null;

/**
 * Spec §2.6's four buttons, then what the plant does to a valve: record an inspection, and (engineers, admins)
 * edit or decommission it. View Manual opens the manual dialog; Safety Protocol opens it at the safety protocol.
 * Report a problem (any role) sends a work request for a supervisor to decide, as the valve's request QR does.
 * The dialogs are the work order, photo, manual, maintenance and requests features'; edit and decommission the
 * valve's own.
 */
export function ValveActions({ valve, onShowTab }: { valve: ValveDetail; onShowTab: (tab: string) => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Analytics' "Raise a high-priority work order now" arrives as a draft in the URL: New Work Order opens with it.
  const [draft, setDraft] = useState(() =>
    valve.status === 'decommissioned' ? null : readWorkOrderDraft(searchParams),
  );
  const [open, setOpen] = useState<Open>(draft ? 'work-order' : null);
  const [manualTab, setManualTab] = useState<ManualStart>('operating');
  const openManual = (tab: ManualStart) => {
    setManualTab(tab);
    setOpen('manual');
  };
  const canCreate = useCan('work-orders:create');
  const canRecord = useCan('maintenance:record');
  const canEdit = useCan('valves:edit');
  const decommissioned = valve.status === 'decommissioned';
  const dialog = (name: Exclude<Open, null>) => ({
    open: open === name,
    onOpenChange: (next: boolean) => {
      setOpen(next ? name : null);
      if (next || !draft) return;
      setDraft(null);
      setSearchParams({}, { replace: true });
    },
  });

  return (
    <>
      <div className="mt-4 grid grid-cols-2 gap-2 md:grid-cols-4">
        <Button onClick={() => setOpen('work-order')} disabled={!canCreate || decommissioned}>
          <ClipboardPlus className="size-5 shrink-0" aria-hidden="true" />
          {NEW_WORK_ORDER}
        </Button>
        <Button variant="outline" onClick={() => setOpen('photo')} disabled={!canRecord}>
          <Camera className="size-5 shrink-0" aria-hidden="true" />
          {ADD_PHOTO}
        </Button>
        <Button variant="outline" onClick={() => openManual('operating')}>
          <BookOpen className="size-5 shrink-0" aria-hidden="true" />
          {VIEW_MANUAL}
        </Button>
        <Button variant="outline" onClick={() => openManual('safety')}>
          <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
          {SAFETY_PROTOCOL}
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        <Link to={`/valves/${valve.id}/analytics`} className={buttonClasses('outline', 'md', 'flex-1 sm:flex-none')}>
          <Activity className="size-5 shrink-0" aria-hidden="true" />
          {T.viewAnalytics}
        </Link>
        {canRecord && !decommissioned ? (
          <Button variant="outline" className="flex-1 sm:flex-none" onClick={() => setOpen('inspection')}>
            <ClipboardCheck className="size-5 shrink-0" aria-hidden="true" />
            {T.recordInspection}
          </Button>
        ) : null}
        {!decommissioned ? (
          <Button variant="outline" className="flex-1 sm:flex-none" onClick={() => setOpen('report')}>
            <MessageSquareWarning className="size-5 shrink-0" aria-hidden="true" />
            {REQUEST_TEXTS.report.button}
          </Button>
        ) : null}
        {canEdit && !decommissioned ? (
          <>
            <Button variant="outline" className="flex-1 sm:flex-none" onClick={() => setOpen('edit')}>
              <Pencil className="size-5 shrink-0" aria-hidden="true" />
              {T.editButton}
            </Button>
            <Button
              variant="outline"
              className="flex-1 border-red-300 text-red-800 hover:bg-red-50 sm:flex-none"
              onClick={() => setOpen('decommission')}
            >
              <Archive className="size-5 shrink-0" aria-hidden="true" />
              {T.decommissionButton}
            </Button>
          </>
        ) : null}
      </div>
      {decommissioned ? (
        <p className="mt-2 rounded-lg bg-slate-200 p-3 text-sm text-slate-800">{T.decommissionedNote}</p>
      ) : null}

      <ValveManualDialog {...dialog('manual')} valve={valve} initialTab={manualTab} />
      <WorkOrderFormDialog {...dialog('work-order')} valve={valve} draft={draft} valvePicker={ValvePicker} />
      <PhotoUploadDialog
        {...dialog('photo')}
        owner={{ valveId: valve.id }}
        ownerLabel={valve.valveId}
        onUploaded={() => onShowTab('photos')}
      />
      <RecordInspectionDialog {...dialog('inspection')} valve={valve} onRecorded={() => onShowTab('maintenance')} />
      <ReportProblemDialog {...dialog('report')} valve={valve} />
      {canEdit ? (
        <>
          <ValveFormDialog {...dialog('edit')} valve={valve} />
          <DecommissionDialog {...dialog('decommission')} valve={valve} />
        </>
      ) : null}
    </>
  );
}
