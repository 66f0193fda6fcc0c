import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** Routes of later releases answer with their own title instead of "Page Not Found". */
export function ComingSoonScreen({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-lg py-10 text-center">
      <title>{`${title} · ValveOps`}</title>
      <Construction className="mx-auto size-12 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-base text-slate-600">This screen is coming soon.</p>
      <Link to="/app" className={buttonClasses('outline', 'md', 'mt-6')}>
        Back to the dashboard
      </Link>
    </div>
  );
}
