import type { Emergency } from '@common/schemas/emergencies';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormProblemAlert } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { clearEmergency } from '../api/emergency-writes';
import { emergenciesQuery } from '../api/get-emergencies';
import { EMERGENCY_TEXTS as E } from '../texts';

const FIELDS = ['note'];

/**
 * The second step of clearing (issue 29): the supervisor confirms and says what made it safe; the note goes to
 * everyone of the plant, so an all-clear is never a stray tap.
 */
export function ClearEmergencyForm({ emergency, onCancel }: { emergency: Emergency; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const form = useContractForm({ schemas: contractSchemas.emergencies, fields: FIELDS, failedTitle: E.clearFailed });
  const busy = sending || form.checking;
  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.clearEmergencyBody, { note });
      if (!body) return;
      setSending(true);
      try {
        await clearEmergency(emergency.id, body);
        toast({ title: E.cleared, description: `${emergency.plant}: ${body.note}` });
        await queryClient.invalidateQueries({ queryKey: emergenciesQuery.queryKey });
      } catch (failure) {
        form.refuse(failure);
      } finally {
        setSending(false);
      }
    });
  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-3" aria-label={E.clearTitle}>
      <p className="text-base font-semibold text-slate-900">{E.clearQuestion(emergency.plant)}</p>
      <FormProblemAlert problem={form.alert} />
      <Field label={E.note} hint={E.noteHint} error={form.errors.note} required>
        {(control) => (
          <Textarea
            {...control}
            value={note}
            maxLength={500}
            onChange={(e) => {
              setNote(e.target.value);
              form.clear('note');
            }}
          />
        )}
      </Field>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="submit" variant="danger" disabled={busy}>
          {E.confirmClear}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          {E.keep}
        </Button>
      </div>
    </form>
  );
}
