import type { ReliefTagDetail } from '@common/schemas/relief-valves';
import { ArrowLeftRight, LogOut, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { useOnlineStatus } from '@/lib/online-status';
import { plantZone, usePlants } from '@/lib/plants';
import { useCan } from '@/lib/session/use-can';
import { RELIEF_TEXTS } from '../texts';
import { InstallForm, RemoveForm } from './installation-forms';
import { TagFormDialog } from './tag-form-dialog';

const T = RELIEF_TEXTS.positions;
type Open = 'install' | 'remove' | null;

/**
 * What may be done to a position: an engineer edits it; whoever tests relief valves installs a spare, swaps the
 * valve there for one, or takes it off, each saying why. The install and remove forms open in place, below.
 */
export function TagActions({ tag }: { tag: ReliefTagDetail }) {
  const canEdit = useCan('valves:edit');
  const canInstall = useCan('relief-valves:test');
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  // These are online writes (an engineer's or a shop's, answered at once): with no signal they wait, and say why.
  const { online } = useOnlineStatus();
  // The forms' dates start at the plant's today: they open once the plant's zone is known.
  const plants = usePlants();
  const zone = plantZone(plants.data, tag.plant);
  const toggle = (which: Exclude<Open, null>) => setOpen((current) => (current === which ? null : which));
  if (!canEdit && !canInstall) return null;
  return (
    <>
      <div className="mb-3 grid gap-2 sm:flex">
        {canEdit ? (
          <Button variant="outline" disabled={!online} onClick={() => setEditing(true)}>
            <Pencil className="size-5" aria-hidden="true" />
            {T.editTag(tag.tag)}
          </Button>
        ) : null}
        {canInstall ? (
          <Button
            variant="outline"
            disabled={!online}
            aria-expanded={open === 'install'}
            onClick={() => toggle('install')}
          >
            {tag.installed ? (
              <ArrowLeftRight className="size-5" aria-hidden="true" />
            ) : (
              <Plus className="size-5" aria-hidden="true" />
            )}
            {tag.installed ? T.swap : T.install}
          </Button>
        ) : null}
        {canInstall && tag.installed ? (
          <Button
            variant="outline"
            disabled={!online}
            aria-expanded={open === 'remove'}
            onClick={() => toggle('remove')}
          >
            <LogOut className="size-5" aria-hidden="true" />
            {T.remove}
          </Button>
        ) : null}
      </div>
      {online ? null : <p className="mb-3 text-sm text-slate-700">{T.needsSignal}</p>}
      {open && online ? (
        <Card className="mb-4 p-4">
          {plants.isPending ? (
            <Skeletons count={2} label={T.loadingPlant} itemClassName="h-16" />
          ) : open === 'install' ? (
            <InstallForm tag={tag} zone={zone} onDone={() => setOpen(null)} />
          ) : (
            <RemoveForm tag={tag} zone={zone} onDone={() => setOpen(null)} />
          )}
        </Card>
      ) : null}
      <TagFormDialog open={editing} onOpenChange={setEditing} tag={tag} />
    </>
  );
}
