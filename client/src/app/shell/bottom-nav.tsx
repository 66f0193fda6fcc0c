import { TEXTS } from '@common/texts';
import { BookOpen, ChartLine, ClipboardList, Gauge, House, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

const ICONS: Record<string, LucideIcon> = {
  '/app': House,
  '/valves': Gauge,
  '/work-orders': ClipboardList,
  '/analytics': ChartLine,
  '/manuals': BookOpen,
};

/** Height the content keeps free at the bottom (with the safe area) so the bar never hides it. */
export const BOTTOM_NAV_CLEARANCE = 'pb-[calc(10rem+env(safe-area-inset-bottom))]';

export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto grid max-w-5xl grid-cols-5">
        {TEXTS.nav.map(({ to, label }) => {
          const Icon = ICONS[to];
          return (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-16 flex-col items-center justify-center gap-0.5 text-sm font-semibold',
                    isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <span className={cn('rounded-full px-4 py-1', isActive && 'bg-brand-100')}>
                      <Icon className="size-6" aria-hidden="true" />
                    </span>
                    {label}
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
