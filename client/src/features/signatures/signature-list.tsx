import type { Signature } from '@common/schemas/signatures';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SignatureLine } from '@/components/signature-line';
import { readQueryKey } from '@/lib/query-client';

export const signaturesQuery = (entityType: 'work_order' | 'procedure_run', entityId: number) =>
  queryOptions({ queryKey: ['/api/signatures', { entityType, entityId }], queryFn: readQueryKey<Signature[]> });

/** A record's signatures and amendments, oldest first; nothing while it has none. Read again when `version` moves. */
export function SignatureList({
  entityType,
  entityId,
  version,
}: {
  entityType: 'work_order' | 'procedure_run';
  entityId: number;
  version: number;
}) {
  const queryClient = useQueryClient();
  const query = signaturesQuery(entityType, entityId);
  const { data } = useQuery(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the signal that a signature may have been added
  useEffect(() => void queryClient.invalidateQueries({ queryKey: query.queryKey }), [version]);
  if (!data?.length) return null;
  return (
    <section aria-label="Signatures" className="mt-4 rounded-lg border border-green-200 bg-green-50 p-3">
      <h3 className="mb-1 text-sm font-bold uppercase tracking-wide text-green-900">Signed</h3>
      <ul className="grid gap-1">
        {data.map((s) => (
          <li key={s.id}>
            <SignatureLine signature={s} amended={data.some((a) => a.kind === 'amendment' && a.id > s.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
