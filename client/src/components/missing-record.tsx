import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** A detail screen whose record does not exist: say so, and offer the way back to its list. */
export function MissingRecord({ message, backTo, backLabel }: { message: string; backTo: string; backLabel: string }) {
  return (
    <div className="mx-auto max-w-lg py-10 text-center">
      <SearchX className="mx-auto size-12 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{message}</h1>
      <Link to={backTo} className={buttonClasses('outline', 'md', 'mt-6')}>
        {backLabel}
      </Link>
    </div>
  );
}
