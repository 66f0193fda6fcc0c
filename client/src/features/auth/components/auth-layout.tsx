import { Gauge } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The page around sign-in, set-up and invitations: the brand, one card, nothing else to tap by mistake. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-100">
      <title>{`${title} · ValveOps`}</title>
      <header className="bg-slate-900 text-white">
        <div className="mx-auto flex h-16 max-w-md items-center px-3 sm:px-4">
          <Link to="/" className="flex min-h-11 items-center gap-2 rounded-lg pr-1 text-lg font-bold">
            <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600">
              <Gauge className="size-5" aria-hidden="true" />
            </span>
            ValveOps
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-md px-3 py-5 sm:px-4 sm:py-8">{children}</main>
    </div>
  );
}

/** One titled block of the auth pages. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {intro ? <p className="mt-1 text-base text-slate-700">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
