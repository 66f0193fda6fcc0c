import type { ValveTypeEntry } from '@common/schemas/plants';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { useValveTypes } from '@/lib/plants';
import { useCan } from '@/lib/session/use-can';
import { useTagPattern } from './api/plant-writes';
import { AddValveTypeForm } from './components/add-valve-type-form';
import { MakersSection } from './components/makers-section';
import { TagConventionForm } from './components/tag-convention-form';
import { PLANT_TEXTS } from './texts';

const T = PLANT_TEXTS.types;

/** /valve-types: the catalog with each type's valve count; engineers and admins add types, admins set the tag rule. */
export function ValveTypesScreen() {
  const canAdd = useCan('valve-types:add');
  const types = useValveTypes();
  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      <PageHeader title={T.title} />
      <p className="-mt-2 mb-2 text-base text-slate-700">{T.intro}</p>
      <p className="mb-4">
        <Link to="/plants" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          {PLANT_TEXTS.plantsLink}
        </Link>
      </p>
      {canAdd ? (
        <Card className="mb-4 p-4">
          <AddValveTypeForm />
        </Card>
      ) : (
        <p className="mb-4 text-sm text-slate-600">{T.viewOnly}</p>
      )}
      {types.isPending ? (
        <Skeletons count={6} label={T.loading} itemClassName="h-14" />
      ) : types.isError ? (
        <LoadError error={types.error} onRetry={() => types.refetch()} />
      ) : (
        <ul aria-label={T.title} className="grid gap-2 md:grid-cols-2">
          {types.data.map((type) => (
            <li key={type.name}>
              <TypeRow type={type} />
            </li>
          ))}
        </ul>
      )}
      <MakersSection />
      <TagConvention />
    </>
  );
}

/** A type: its name over its badges, the count of valves of it kept at the right on every width. */
function TypeRow({ type }: { type: ValveTypeEntry }) {
  return (
    <Card className="flex min-h-14 items-center justify-between gap-3 px-4 py-2">
      <span className="grid min-w-0 gap-1">
        <span className="text-base font-semibold break-words text-slate-900">{type.name}</span>
        <span className="flex flex-wrap gap-1.5">
          {type.standard ? <Badge tone="muted">{T.standard}</Badge> : <Badge tone="primary">{T.own}</Badge>}
          {type.reliefClass ? <Badge tone="info">{T.relief}</Badge> : null}
        </span>
      </span>
      <span className="shrink-0 text-sm font-semibold whitespace-nowrap text-slate-700">
        {PLANT_TEXTS.valves(type.valves)}
      </span>
    </Card>
  );
}

/** The tag convention: admins set it; everyone else reads what new tags must look like. */
function TagConvention() {
  const canManage = useCan('plants:manage');
  const pattern = useTagPattern();
  const C = PLANT_TEXTS.tagConvention;
  if (pattern.isPending || pattern.isError) return null;
  return (
    <Section id="tag-convention" title={C.title}>
      <Card className="grid gap-3 p-4">
        <p className="text-sm text-slate-700">{C.intro}</p>
        {canManage ? (
          <TagConventionForm current={pattern.data.tagPattern} />
        ) : (
          <p className="font-mono text-base break-all text-slate-900">{pattern.data.tagPattern ?? C.none}</p>
        )}
      </Card>
    </Section>
  );
}
