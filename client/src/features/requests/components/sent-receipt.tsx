import { Check, CheckCircle2, Copy, ExternalLink } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { REQUEST_TEXTS } from '../texts';

const T = REQUEST_TEXTS.sent;

/**
 * What the sender takes away: the status link, whole and wrapped so it can be read out or written down, with a
 * Copy button; where the clipboard is out of reach (plain HTTP on a plant network) the link is selected instead.
 */
export function SentReceipt({ statusPath, onAnother }: { statusPath: string; onAnother: () => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}${statusPath}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast({ title: T.copied });
    } catch {
      field.current?.select();
      toast({ tone: 'danger', title: T.copyFailed });
    }
  };

  return (
    <div className="grid gap-4">
      <h2 className="flex items-center gap-2 text-2xl font-bold text-green-800" role="status">
        <CheckCircle2 className="size-8 shrink-0" aria-hidden="true" />
        {T.title}
      </h2>
      <p className="text-base text-slate-900">{T.keep}</p>
      <label className="grid gap-1.5">
        <span className="text-base font-semibold text-slate-900">{T.linkLabel}</span>
        <textarea
          ref={field}
          readOnly
          rows={3}
          value={link}
          onFocus={(event) => event.target.select()}
          className={cn(fieldClasses, 'resize-none py-2 font-mono text-sm break-all')}
        />
      </label>
      <Button size="lg" onClick={copy}>
        {copied ? <Check className="size-6" aria-hidden="true" /> : <Copy className="size-6" aria-hidden="true" />}
        {copied ? T.copied : T.copy}
      </Button>
      <Link to={statusPath} className={buttonClasses('outline', 'lg')}>
        <ExternalLink className="size-6" aria-hidden="true" />
        {T.open}
      </Link>
      <Button variant="ghost" onClick={onAnother}>
        {T.another}
      </Button>
    </div>
  );
}
