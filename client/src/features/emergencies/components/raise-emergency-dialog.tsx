import { PLANTS } from '@common/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Siren } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { readApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session/session-query';
import { toast } from '@/lib/toast';
import { raiseEmergency } from '../api/emergency-writes';
import { emergenciesQuery } from '../api/get-emergencies';
import { EMERGENCY_TEXTS as E } from '../texts';

/** The floating menu's Emergency Protocol (issue 17): which plant, and what is happening. */
export function RaiseEmergencyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={E.raiseTitle} description={E.raiseIntro}>
        {open ? <RaiseForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RaiseForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const limited = useSession().data?.plants ?? [];
  const plants = limited.length ? limited : [...PLANTS];
  const [plant, setPlant] = useState(plants[0] ?? '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(`${E.reason} is required.`);
      return;
    }
    setSending(true);
    try {
      await raiseEmergency({ plant: plant as (typeof PLANTS)[number], reason });
      toast({ title: E.raised, description: plant, tone: 'danger' });
      await queryClient.invalidateQueries({ queryKey: emergenciesQuery.queryKey });
      onDone();
    } catch (failure) {
      setError(readApiError(failure).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <Field label={E.plant} required>
        {(control) => (
          <Select {...control} value={plant} onChange={(e) => setPlant(e.target.value)}>
            {plants.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={E.reason} hint={E.reasonHint} error={error ?? undefined} required>
        {(control) => (
          <Textarea {...control} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        )}
      </Field>
      <Button type="submit" variant="danger" disabled={sending}>
        <Siren className="size-5" aria-hidden="true" />
        {E.raise}
      </Button>
    </form>
  );
}
