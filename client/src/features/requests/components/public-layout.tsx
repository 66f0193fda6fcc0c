import { Gauge } from 'lucide-react';
import type { ReactNode } from 'react';
import { REQUEST_TEXTS } from '../texts';

/**
 * The page around the public request pages: the brand and the page, nothing of the app (no navigation, no bell,
 * no "+") and no link into it, since whoever scanned the label may have no account and the plant is not theirs
 * to browse.
 */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-100">
      <title>{`${title} · ${REQUEST_TEXTS.brand}`}</title>
      <header className="bg-slate-900 text-white">
        <div className="mx-auto flex h-14 max-w-xl items-center gap-2 px-3 text-lg font-bold sm:px-4">
          <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600">
            <Gauge className="size-5" aria-hidden="true" />
          </span>
          {REQUEST_TEXTS.brand}
        </div>
      </header>
      <main className="mx-auto w-full max-w-xl px-3 py-5 sm:px-4 sm:py-8">{children}</main>
    </div>
  );
}

/** The one white block of a public page. */
export function PublicCard({ children }: { children: ReactNode }) {
  return (
    <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {children}
    </section>
  );
}
