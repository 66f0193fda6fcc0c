import { Check, Copy, TriangleAlert } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { FormActions } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

export type CopyOnceTexts = { copy: string; copied: string; copyFailed: string; done: string };

type Props = {
  /** What was made ("Historian is ready. Copy the token now:"), announced to screen readers. */
  ready: string;
  /** Said when the value is shown this once and never again (a secret); left out for a link that can be sent again. */
  warning?: string;
  label: string;
  value: string;
  rows?: number;
  texts: CopyOnceTexts;
  onDone: () => void;
  /** Shown under the field: how the value is used. */
  children?: ReactNode;
};

/**
 * A value an admin must take away now (an invitation link, an API token, a webhook's signing secret): all of it
 * visible and wrapped, so it can be read out or typed on another device, with a Copy button, and the field selected
 * where the clipboard is out of reach (plain HTTP, no permission) so a long-press copies it.
 */
export function CopyOnce({ ready, warning, label, value, rows = 2, texts, onDone, children }: Props) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast({ title: texts.copied });
    } catch {
      field.current?.select();
      toast({ tone: 'danger', title: texts.copyFailed });
    }
  };

  return (
    <div className="grid gap-3">
      <p className="text-base text-slate-900" role="status">
        {ready}
      </p>
      {warning ? (
        <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-base text-amber-950">
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>{warning}</span>
        </p>
      ) : null}
      <label className="grid gap-1.5">
        <span className="text-base font-semibold text-slate-900">{label}</span>
        <textarea
          ref={field}
          readOnly
          rows={rows}
          value={value}
          onFocus={(event) => event.target.select()}
          className={cn(fieldClasses, 'resize-none py-2 font-mono text-sm break-all')}
        />
      </label>
      {children}
      <FormActions>
        <Button variant="outline" onClick={onDone}>
          {texts.done}
        </Button>
        <Button onClick={copy}>
          {copied ? <Check className="size-5" aria-hidden="true" /> : <Copy className="size-5" aria-hidden="true" />}
          {copied ? texts.copied : texts.copy}
        </Button>
      </FormActions>
    </div>
  );
}
