import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormActions } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { WEBHOOK_TEXTS } from '../texts';

const T = WEBHOOK_TEXTS.createDialog;

/** The new webhook's signing secret, shown this once: a Copy button, and the field selectable where it fails. */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast({ title: T.copied });
    } catch {
      field.current?.select();
      toast({ tone: 'danger', title: T.copyFailed });
    }
  };

  return (
    <div className="grid gap-3">
      <p className="text-base text-slate-900" role="status">
        {T.ready}
      </p>
      <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-base text-amber-950">
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>{T.warning}</span>
      </p>
      <label className="grid gap-1.5">
        <span className="text-base font-semibold text-slate-900">{T.secret}</span>
        <textarea
          ref={field}
          readOnly
          rows={2}
          value={secret}
          onFocus={(event) => event.target.select()}
          className={cn(fieldClasses, 'resize-none py-2 font-mono text-sm break-all')}
        />
      </label>
      <FormActions>
        <Button variant="outline" onClick={onDone}>
          {T.done}
        </Button>
        <Button onClick={copy}>
          {copied ? <Check className="size-5" aria-hidden="true" /> : <Copy className="size-5" aria-hidden="true" />}
          {copied ? T.copied : T.copy}
        </Button>
      </FormActions>
    </div>
  );
}
