import { TEXTS } from '@common/texts';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** Spec §2.2. 'Go to Dashboard' goes to /app: the dashboard is the app's home, / is the marketing page. */
export function NotFoundScreen() {
  return (
    <div className="mx-auto max-w-lg py-10 text-center">
      <title>{`${TEXTS.notFound.title} · ValveOps`}</title>
      <SearchX className="mx-auto size-14 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{TEXTS.notFound.title}</h1>
      <p className="mt-2 text-base text-slate-600">{TEXTS.notFound.body}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/app" className={buttonClasses('primary')}>
          {TEXTS.notFound.toDashboard}
        </Link>
        <Link to="/valves" className={buttonClasses('outline')}>
          {TEXTS.notFound.toValves}
        </Link>
      </div>
    </div>
  );
}
