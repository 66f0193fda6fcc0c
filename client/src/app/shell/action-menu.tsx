import { TEXTS } from '@common/texts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Camera, ClipboardList, Plus, QrCode, Siren } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { MenuItem } from '@/components/ui/menu-item';
import { RaiseEmergencyDialog } from '@/features/emergencies/components/raise-emergency-dialog';
import { useScanner } from '@/features/scanner/scanner-context';
import { useValve } from '@/features/valves/api/get-valve';
import { type NewWork, NewWorkDialogs } from './new-work-dialogs';

/** Spec §2.10: the round action button at the bottom right, above the navigation bar, on every screen. */
export function ActionMenu() {
  const { openScanner } = useScanner();
  // The forms open beside the menu, not inside it: the menu closes as its item is chosen.
  const [open, setOpen] = useState<NewWork>(null);
  const [raising, setRaising] = useState(false);
  // On a valve's screens the emergency is most likely at that valve: its plant comes preselected (issue 29).
  const valveId = Number(/^\/valves\/(\d+)/.exec(useLocation().pathname)?.[1] ?? 0);
  const valve = useValve(valveId, valveId > 0);

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label="Quick actions"
          className="group fixed right-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-40 flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 data-[state=open]:bg-slate-900 lg:right-[max(1rem,calc(50vw-36.5rem))]"
        >
          <Plus className="size-7 transition-transform group-data-[state=open]:rotate-45" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            side="top"
            align="end"
            sideOffset={8}
            className="z-50 w-72 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl"
          >
            <MenuItem icon={<QrCode className="size-5" aria-hidden="true" />} onSelect={openScanner}>
              {TEXTS.fab.scan}
            </MenuItem>
            <MenuItem
              icon={<ClipboardList className="size-5" aria-hidden="true" />}
              onSelect={() => setOpen('work-order')}
            >
              {TEXTS.fab.newWorkOrder}
            </MenuItem>
            {/* Photos belong to a valve: the dialog asks which one first. */}
            <MenuItem icon={<Camera className="size-5" aria-hidden="true" />} onSelect={() => setOpen('photo')}>
              {TEXTS.fab.photo}
            </MenuItem>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <MenuItem danger icon={<Siren className="size-5" aria-hidden="true" />} onSelect={() => setRaising(true)}>
              {TEXTS.fab.emergency}
            </MenuItem>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <NewWorkDialogs open={open} onOpenChange={setOpen} />
      <RaiseEmergencyDialog open={raising} onOpenChange={setRaising} valvePlant={valve.data?.plant} />
    </>
  );
}
