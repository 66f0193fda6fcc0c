import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type ConflictNoticeProps = {
  /** What was changed: 'valve', 'work order'. */
  what: string;
  /** The newer record as the server holds it now, in a few lines the user can compare with their change. */
  children: ReactNode;
  /** What the user was doing, in their words: 'Start Work', 'edits to Title, Priority'. */
  yourChange?: string;
  busy?: boolean;
  onReapply: () => void;
  onDiscard: () => void;
};

/**
 * A stale-version 409: someone else saved first. Shows the newer record and lets the user send their change
 * again on top of it, or drop it. Never applied silently: the user decides.
 */
export function ConflictNotice({ what, children, yourChange, busy, onReapply, onDiscard }: ConflictNoticeProps) {
  return (
    <div role="alert" className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-slate-900">
      <p className="font-bold">Someone else changed this {what} while you were working on it.</p>
      <p className="mt-1 text-sm text-slate-700">
        This is how it looks now. Re-apply your change on top of it, or discard your change.
      </p>
      <div className="mt-2 rounded-md bg-white p-3 text-sm ring-1 ring-amber-300">{children}</div>
      {yourChange ? (
        <p className="mt-2 text-sm text-slate-800">
          Your change: <span className="font-semibold">{yourChange}</span>
        </p>
      ) : null}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button onClick={onReapply} disabled={busy}>
          <RefreshCw className={busy ? 'size-5 animate-spin' : 'size-5'} aria-hidden="true" />
          Re-apply my change
        </Button>
        <Button variant="outline" onClick={onDiscard} disabled={busy}>
          Discard my change
        </Button>
      </div>
    </div>
  );
}
