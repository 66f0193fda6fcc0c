import type { ReliefDevice } from '@common/schemas/relief-valves';
import { FileUp, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useCan } from '@/lib/session/use-can';
import { useReliefDevices } from './api/positions';
import { DeviceFormDialog } from './components/device-form-dialog';
import { RELIEF_TEXTS } from './texts';

const T = RELIEF_TEXTS.positions;

/** The serial-numbered relief valves: where each is installed (or a spare), and an engineer adds or edits them. */
export function ReliefDevicesScreen() {
  const canEdit = useCan('valves:edit');
  const { data: devices, error, isPending, refetch } = useReliefDevices();
  // undefined: closed; null: adding; a device: editing it.
  const [form, setForm] = useState<ReliefDevice | null | undefined>(undefined);
  return (
    <>
      <title>{`${T.devicesTitle} · ValveOps`}</title>
      <PageHeader
        title={T.devicesTitle}
        action={
          canEdit ? (
            <div className="flex flex-wrap gap-2">
              <Link to="/relief-valves/devices/import" className={buttonClasses('outline')}>
                <FileUp className="size-5" aria-hidden="true" />
                {T.importRegister}
              </Link>
              <Button onClick={() => setForm(null)}>
                <Plus className="size-5" aria-hidden="true" />
                {T.addDevice}
              </Button>
            </div>
          ) : null
        }
      />
      {error ? <LoadError error={error} onRetry={() => refetch()} /> : null}
      {isPending ? <Skeletons count={4} label="Loading relief valves" className="gap-2" itemClassName="h-20" /> : null}
      {devices?.length === 0 ? <EmptyState>No relief valves yet.</EmptyState> : null}
      <ul aria-label="Relief valves" className="grid gap-2 md:grid-cols-2">
        {devices?.map((d) => (
          <li key={d.id}>
            <Card className="grid gap-1 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-lg font-bold text-slate-900">S/N {d.serialNumber}</span>
                {d.notReturnedToService ? <Badge tone="danger">{RELIEF_TEXTS.notReturnedTitle}</Badge> : null}
              </div>
              <span className="text-slate-700">
                {d.manufacturer} {d.model} · orifice {d.orifice} · {d.inletSize} x {d.outletSize} · set {d.setPressure}{' '}
                psi
              </span>
              <span>
                {d.installedAt ? (
                  <>
                    On{' '}
                    <Link to={`/relief-valves/tags/${d.installedAt.tagId}`} className="font-semibold underline">
                      {d.installedAt.tag}
                    </Link>{' '}
                    since {formatDate(d.installedAt.installedOn)}
                  </>
                ) : (
                  'Spare'
                )}
              </span>
              {canEdit ? (
                <Button variant="outline" className="mt-1 sm:w-fit" onClick={() => setForm(d)}>
                  <Pencil className="size-5" aria-hidden="true" />
                  {T.editDevice(d.serialNumber)}
                </Button>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
      <DeviceFormDialog
        open={form !== undefined}
        onOpenChange={(open) => (open ? null : setForm(undefined))}
        device={form ?? undefined}
      />
    </>
  );
}
