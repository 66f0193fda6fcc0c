import { TEXTS } from '@common/texts';
import { LoaderCircle, MapPin } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { LookupState } from '../use-valve-lookup';

const T = TEXTS.scanner;

/** Spec §2.9's 'Scan Result' panel: the ID read, then the lookup's progress and what it found. */
export function ScanResult({ state }: { state: Exclude<LookupState, { status: 'idle' }> }) {
  const panel = useRef<HTMLElement>(null);
  // On a phone the result may start below the fold: bring each new answer into view.
  useEffect(() => {
    if (state.status !== 'loading') panel.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [state.status]);
  return (
    <section
      ref={panel}
      aria-label={T.resultTitle}
      aria-live="polite"
      className="rounded-xl border border-slate-300 bg-slate-50 p-4"
    >
      <h3 className="text-sm font-bold tracking-wide text-slate-600 uppercase">{T.resultTitle}</h3>
      <p className="mt-1 font-mono text-xl font-bold text-slate-900">{state.tag}</p>
      {state.status === 'loading' ? (
        <p className="mt-2 flex items-center gap-2 text-base text-slate-700">
          <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
          {T.lookingUp}
        </p>
      ) : state.status === 'found' ? (
        <div className="mt-2 grid gap-1 text-base text-slate-800">
          <p className="font-bold text-green-800">{T.found}</p>
          <p>
            {state.valve.type} · {state.valve.size}
          </p>
          <p className="flex items-start gap-1.5">
            <MapPin className="mt-1 size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span>
              {state.valve.plant} — {state.valve.location}
            </span>
          </p>
          <p className="text-slate-600">{T.redirecting}</p>
        </div>
      ) : (
        <div role="alert" className="mt-2 text-base">
          <p className="font-bold text-red-800">{T.notFound}</p>
          {state.offline ? <p className="text-slate-700">{T.offlineNotFound}</p> : null}
        </div>
      )}
    </section>
  );
}
