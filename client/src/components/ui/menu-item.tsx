import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One line of a dropdown menu: icon and label, 48 px tall for gloved thumbs, red when it is a drastic act. */
export function MenuItem({
  icon,
  danger,
  onSelect,
  children,
}: {
  icon: ReactNode;
  danger?: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className={cn(
        'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg px-3 text-base font-semibold outline-none',
        danger ? 'text-red-700 data-[highlighted]:bg-red-50' : 'text-slate-900 data-[highlighted]:bg-slate-100',
      )}
    >
      {icon}
      {children}
    </DropdownMenu.Item>
  );
}
