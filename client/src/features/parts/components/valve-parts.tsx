import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Skeletons } from '@/components/ui/skeleton';
import { useParts } from '../api/parts';
import { PARTS_TEXTS } from '../texts';
import { PartCard } from './part-card';

const T = PARTS_TEXTS.fitting;

/** A valve's Spare parts tab: the parts listed as fitting its model, each with what is available in the stores. */
export function ValveParts({ model }: { model: string }) {
  const parts = useParts({ fits: model || undefined });
  if (!model) return <EmptyState>{T.noModel}</EmptyState>;
  if (parts.isPending) return <Skeletons count={2} label={T.title} className="gap-2" itemClassName="h-24" />;
  if (parts.isError) return <LoadError error={parts.error} onRetry={() => parts.refetch()} />;
  return (
    <>
      {parts.data.length === 0 ? (
        <EmptyState>{T.none(model)}</EmptyState>
      ) : (
        <ul aria-label={T.title} className="grid gap-2 md:grid-cols-2">
          {parts.data.map((part) => (
            <li key={part.id}>
              <PartCard part={part} />
            </li>
          ))}
        </ul>
      )}
      <Link to="/parts" className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
        {T.all}
      </Link>
    </>
  );
}
