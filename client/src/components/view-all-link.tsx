import { Link } from 'react-router';

/** A section's "see the whole list" link, sized for a thumb. */
export function ViewAllLink({ to, children = 'View all' }: { to: string; children?: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center rounded-lg px-2 text-base font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50"
    >
      {children}
    </Link>
  );
}
