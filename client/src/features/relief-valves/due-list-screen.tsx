import { FileUp, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ExportLinks } from '@/components/export-links';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeletons } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { filterPlantNames, usePlants } from '@/lib/plants';
import { useSession } from '@/lib/session/session-query';
import { useCan } from '@/lib/session/use-can';
import { useReliefTags } from './api/reads';
import { TagFormDialog } from './components/tag-form-dialog';
import { RELIEF_TEXTS as T } from './texts';

/** The due list: relief valve positions soonest due first, by plant and by the month they fall due (overdue included). */
export function ReliefDueListScreen() {
  const [plant, setPlant] = useState('');
  const [dueBy, setDueBy] = useState('');
  const [adding, setAdding] = useState(false);
  const canEdit = useCan('valves:edit');
  const plants = filterPlantNames(usePlants().data, useSession().data?.plants ?? [], plant);
  const {
    data: tags,
    error,
    isPending,
    refetch,
  } = useReliefTags({
    ...(plant && { plant }),
    ...(dueBy && { dueBy }),
  });
  return (
    <>
      <title>{`${T.dueListTitle} · ValveOps`}</title>
      <PageHeader
        title={T.dueListTitle}
        action={
          canEdit ? (
            <div className="flex flex-wrap gap-2">
              <Link to="/relief-valves/import" className={buttonClasses('outline')}>
                <FileUp className="size-5" aria-hidden="true" />
                {T.positions.importRegister}
              </Link>
              <Button onClick={() => setAdding(true)}>
                <Plus className="size-5" aria-hidden="true" />
                {T.positions.addTag}
              </Button>
            </div>
          ) : null
        }
      />
      <p className="mb-4 flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/relief-valves/devices" className="font-semibold text-brand-700 underline">
          {T.positions.devicesLink}
        </Link>
        <Link to="/relief-valves/shop" className="font-semibold text-brand-700 underline">
          {T.shop.link}
        </Link>
      </p>
      <div className="mb-4">
        <ExportLinks kind="relief-tests" what="relief valve test records" filters={{ plant }} />
      </div>
      <TagFormDialog open={adding} onOpenChange={setAdding} />
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <Field label="Plant">
          {(control) => (
            <Select {...control} value={plant} onChange={(e) => setPlant(e.target.value)}>
              <option value="">All plants</option>
              {plants.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Due by the end of">
          {(control) => <Input {...control} type="month" value={dueBy} onChange={(e) => setDueBy(e.target.value)} />}
        </Field>
      </div>
      {error ? <LoadError error={error} onRetry={() => refetch()} /> : null}
      {isPending ? <Skeletons count={4} label="Loading relief valves" className="gap-2" itemClassName="h-20" /> : null}
      {tags?.length === 0 ? <EmptyState>No relief valve positions match.</EmptyState> : null}
      <ul aria-label="Relief valve positions" className="grid gap-2 md:grid-cols-2">
        {tags?.map((tag) => (
          <li key={tag.id}>
            <Link to={`/relief-valves/tags/${tag.id}`} className="block">
              <Card className="grid min-h-16 gap-1 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-lg font-bold text-slate-900">{tag.tag}</span>
                  {tag.overdue ? <Badge tone="danger">{T.overdue}</Badge> : null}
                </div>
                <span className="text-slate-700">
                  {tag.plant} · {tag.protectedEquipment} · set {tag.setPressure} psi
                </span>
                <span className="text-slate-900">Due {formatDate(tag.nextDueOn, 'not set')}</span>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
