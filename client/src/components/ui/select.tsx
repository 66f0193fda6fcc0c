import type { SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { fieldClasses } from './input';

/** A native select: on a phone it opens the system picker, the easiest one to use with gloves. */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(fieldClasses, 'h-12 pr-8', className)} {...props} />;
}
