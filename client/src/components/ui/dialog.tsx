import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogDescription = DialogPrimitive.Description;

type DialogContentProps = {
  title: ReactNode;
  /** Read out with the title; pass when the dialog has no visible description. */
  description?: ReactNode;
  className?: string;
  children?: ReactNode;
};

/** A modal with a title bar and a close button; long content scrolls inside, the page behind stays put. */
export function DialogContent({ title, description, className, children }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-x-2 top-1/2 z-50 mx-auto flex max-h-[90dvh] max-w-2xl -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl',
          className,
        )}
        // Without a description, Radix wants aria-describedby cleared explicitly rather than pointing nowhere.
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-2 pr-2 pl-4">
          <DialogPrimitive.Title className="text-lg font-bold text-slate-900">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
            aria-label="Close"
          >
            <X className="size-6" aria-hidden="true" />
          </DialogPrimitive.Close>
        </div>
        {description ? (
          <DialogPrimitive.Description className="sr-only">{description}</DialogPrimitive.Description>
        ) : null}
        <div className="overflow-y-auto p-4">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
