import { Check, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { PLANT_TEXTS } from '../texts';

const T = PLANT_TEXTS.tree;

/** Opens and closes a node's changes in place: a 44 px button with a word, not an icon a gloved thumb must find. */
export function EditToggle({ name, open, onToggle }: { name: string; open: boolean; onToggle: () => void }) {
  const Icon = open ? Check : Pencil;
  return (
    <Button variant="outline" size="sm" aria-expanded={open} onClick={onToggle} className="shrink-0">
      <Icon className="size-5" aria-hidden="true" />
      <span>
        {open ? T.done : T.edit}
        <span className="sr-only"> {name}</span>
      </span>
    </Button>
  );
}

/** The changes of one node, set apart from the counts above them. */
export function EditPanel({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('grid gap-4 rounded-lg border border-slate-300 bg-slate-50 p-3', className)}>{children}</div>
  );
}
