import { cn } from '@/lib/cn';

/** A grey placeholder; aria-hidden because the region around it announces the loading instead. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-slate-200', className)} />;
}

type SkeletonsProps = { count: number; label: string; className?: string; itemClassName?: string };

/** The loading state of a list: `count` placeholders shaped like its rows, announced once as `label`. */
export function Skeletons({ count, label, className, itemClassName }: SkeletonsProps) {
  const keys = Array.from({ length: count }, (_, i) => `placeholder-${i}`);
  return (
    <div role="status" aria-busy="true" aria-label={label} className={cn('grid gap-2', className)}>
      {keys.map((key) => (
        <Skeleton key={key} className={itemClassName} />
      ))}
    </div>
  );
}
