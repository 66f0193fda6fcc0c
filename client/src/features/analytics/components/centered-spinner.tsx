import { Loader2 } from 'lucide-react';

/** Spec §2.12-2.13: one centred spinner while the screen's reads load. */
export function CenteredSpinner({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="flex min-h-64 items-center justify-center">
      <Loader2 className="size-10 animate-spin text-brand-700" aria-hidden="true" />
    </div>
  );
}
