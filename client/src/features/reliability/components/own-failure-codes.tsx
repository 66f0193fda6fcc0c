import type { FailureCodeTables } from '@common/schemas/reliability';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Skeletons } from '@/components/ui/skeleton';
import { useFailureCodes } from '../api/failure-codes';
import { RELIABILITY_TEXTS } from '../texts';
import { AddFailureCodeDialog } from './add-failure-code-dialog';

const T = RELIABILITY_TEXTS.ownCodes;
const TABLES: { table: keyof FailureCodeTables; kind: keyof typeof T.kinds }[] = [
  { table: 'modes', kind: 'mode' },
  { table: 'mechanisms', kind: 'mechanism' },
  { table: 'causes', kind: 'cause' },
  { table: 'remedies', kind: 'remedy' },
  { table: 'detectionMethods', kind: 'detection' },
];

/** The organization's own failure codes, by kind, and (for failures:code) the way to add one. */
export function OwnFailureCodes({ canAdd }: { canAdd: boolean }) {
  const codes = useFailureCodes();
  if (codes.isPending) return <Skeletons count={1} label={RELIABILITY_TEXTS.codesLoading} itemClassName="h-16" />;
  if (codes.isError) return <LoadError error={codes.error} onRetry={() => codes.refetch()} />;
  const own = TABLES.flatMap(({ table, kind }) =>
    codes.data[table].filter((code) => !code.standard).map((code) => ({ ...code, kind })),
  );
  return (
    <div className="grid gap-3">
      <p className="text-base text-slate-700">{T.intro}</p>
      {own.length === 0 ? (
        <EmptyState>{T.none}</EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label={T.title}>
          {own.map((code) => (
            <li key={`${code.kind}:${code.code}`} className="rounded-lg border border-slate-200 bg-white p-3">
              <p className="text-sm font-semibold text-slate-600">{T.kinds[code.kind]}</p>
              <p className="text-base font-semibold text-slate-900">
                {RELIABILITY_TEXTS.codeLabel(code.code, code.label)}
              </p>
              {code.description ? <p className="text-sm text-slate-700">{code.description}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {canAdd ? <AddFailureCodeDialog /> : null}
    </div>
  );
}
