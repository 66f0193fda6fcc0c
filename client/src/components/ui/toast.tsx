import { TOAST } from '@common/constants';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const ToastProvider = ToastPrimitive.Provider;
export const ToastTitle = ToastPrimitive.Title;
export const ToastDescription = ToastPrimitive.Description;
export const ToastAction = ToastPrimitive.Action;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      hotkey={[...TOAST.hotkey]}
      style={{ maxWidth: TOAST.maxWidthPx }}
      className={cn(
        // Above the bottom navigation and the action button, where a thumb does not cover it.
        'fixed inset-x-0 top-2 z-[60] mx-auto flex w-full flex-col gap-2 p-2 outline-none',
        className,
      )}
      {...props}
    />
  );
}

export type ToastTone = 'default' | 'danger';

export function Toast({
  tone = 'default',
  className,
  children,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { tone?: ToastTone }) {
  return (
    <ToastPrimitive.Root
      className={cn(
        'flex items-start gap-3 rounded-xl border p-4 shadow-lg',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
        tone === 'danger' ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-900',
        className,
      )}
      {...props}
    >
      <div className="min-w-0 flex-1">{children}</div>
      <ToastPrimitive.Close
        className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-slate-100"
        aria-label="Dismiss"
      >
        <X className="size-5" aria-hidden="true" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
