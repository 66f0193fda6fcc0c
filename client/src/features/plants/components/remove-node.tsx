import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FormAlert } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { newActionKey } from '@/lib/action-key';
import { readApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { PLANT_TEXTS } from '../texts';

const T = PLANT_TEXTS.tree;

type RemoveNodeProps = {
  name: string;
  /** What removing it does, said before the second tap. */
  body: string;
  remove: (key: string) => Promise<unknown>;
};

/**
 * Remove an empty area or system, asked twice in place (a dialog over the page would lose a gloved thumb's place).
 * The server may still refuse (a valve placed there meanwhile): its 409 is said here as it comes.
 */
export function RemoveNode({ name, body, remove }: RemoveNodeProps) {
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async () => {
    setSending(true);
    setRefusal(null);
    try {
      await remove(newActionKey());
      toast({ title: T.removed(name) });
    } catch (error) {
      setRefusal(readApiError(error).message);
      setSending(false);
    }
  };

  if (!asking) {
    return (
      <Button variant="outline" onClick={() => setAsking(true)} className="text-red-700">
        <Trash2 className="size-5" aria-hidden="true" />
        {T.remove}
      </Button>
    );
  }
  return (
    <section aria-label={T.removeTitle(name)} className="grid gap-3 rounded-lg border border-red-200 bg-red-50 p-3">
      <p className="font-semibold break-words text-slate-900">{T.removeTitle(name)}</p>
      <p className="text-sm text-slate-700">{body}</p>
      {refusal ? <FormAlert title={T.failed}>{refusal}</FormAlert> : null}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => setAsking(false)} disabled={sending}>
          {T.cancel}
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={sending} aria-busy={sending}>
          <Trash2 className="size-5" aria-hidden="true" />
          {T.remove}
        </Button>
      </div>
    </section>
  );
}
