import { TIMINGS, TOAST } from '@common/constants';
import { Toast, ToastAction, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast';
import { dismissToast, useToasts } from '@/lib/toast';

/** The notification area of every screen (spec §2.1), fed by lib/toast. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider duration={TIMINGS.toastDurationMs} swipeThreshold={TOAST.swipeThresholdPx}>
      {toasts.map((t) => (
        <Toast key={t.id} tone={t.tone} open={t.open} onOpenChange={(open) => !open && dismissToast(t.id)}>
          <ToastTitle className="font-bold">{t.title}</ToastTitle>
          {t.description ? <ToastDescription className="mt-1 text-sm">{t.description}</ToastDescription> : null}
          {t.action ? (
            <ToastAction
              altText={t.action.label}
              onClick={t.action.onClick}
              className="mt-2 inline-flex min-h-11 items-center rounded-md border border-current px-4 text-base font-semibold"
            >
              {t.action.label}
            </ToastAction>
          ) : null}
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
