import { SIGNING_TEXTS } from '@common/offline-signing';
import type { Signature, SignedChange } from '@common/schemas/signatures';
import { formatDateTime } from '@/lib/format';

/** What a signature says the signer did, as a person reads it. */
export const MEANINGS = { performed: 'Performed', reviewed: 'Reviewed', approved: 'Approved' } as const;

const shown = (value: SignedChange['now']) => (value === null || value === '' ? '(none)' : String(value));

/**
 * A signature as the record shows it: printed name, date and time, meaning, in that order. An amendment says why;
 * a signature whose record changed since says what changed, as signed and now (issue 27 item 3): "amended after
 * signing" when an amendment followed, a warning when nothing did.
 */
export function SignatureLine({ signature, amended }: { signature: Signature; amended?: boolean }) {
  const changes = signature.changesSinceSigning ?? [];
  return (
    <div className="text-sm text-slate-800" data-testid="signature">
      <p>
        <span className="font-semibold">{signature.printedName}</span> ·{' '}
        <time dateTime={signature.signedAt}>{formatDateTime(signature.signedAt)}</time> · {MEANINGS[signature.meaning]}
      </p>
      {signature.signedOffline ? <p className="text-slate-700">{SIGNING_TEXTS.signedOffline}</p> : null}
      {signature.kind === 'amendment' ? (
        <p className="text-slate-700">Amended after signing: {signature.amendmentText}</p>
      ) : null}
      {changes.length ? (
        <div className={amended ? 'text-slate-600' : 'font-medium text-red-800'}>
          <p>
            {amended
              ? 'Changed since this signature, by the amendment below:'
              : 'Changed after signing, with no amendment:'}
          </p>
          <ul className="ml-4 list-disc">
            {changes.map((c) => (
              <li key={c.field} className="break-words">
                {c.field}: {shown(c.signed)} → {shown(c.now)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
