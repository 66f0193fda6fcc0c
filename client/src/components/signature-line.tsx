import type { Signature } from '@common/schemas/signatures';
import { formatDateTime } from '@/lib/format';

/** What a signature says the signer did, as a person reads it. */
export const MEANINGS = { performed: 'Performed', reviewed: 'Reviewed', approved: 'Approved' } as const;

/** A signature as the record shows it: printed name, date and time, meaning, in that order. */
export function SignatureLine({ signature }: { signature: Signature }) {
  return (
    <p className="text-sm text-slate-800" data-testid="signature">
      <span className="font-semibold">{signature.printedName}</span> ·{' '}
      <time dateTime={signature.signedAt}>{formatDateTime(signature.signedAt)}</time> · {MEANINGS[signature.meaning]}
      {signature.kind === 'amendment' ? (
        <span className="block text-slate-600">Amendment: {signature.amendmentText}</span>
      ) : null}
    </p>
  );
}
