import { useQueryClient } from '@tanstack/react-query';
import { Siren } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormProblemAlert } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Skeletons } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { activePlantNames, usePlants } from '@/lib/plants';
import { useSession } from '@/lib/session/session-query';
import { toast } from '@/lib/toast';
import { raiseEmergency } from '../api/emergency-writes';
import { emergenciesQuery } from '../api/get-emergencies';
import { preselectedPlant } from '../preselected-plant';
import { EMERGENCY_TEXTS as E } from '../texts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The plant of the valve on screen, when raised from one: the likeliest place of the emergency. */
  valvePlant?: string;
};

/** The floating menu's Emergency Protocol (issue 17): which plant, and what is happening. */
export function RaiseEmergencyDialog({ open, onOpenChange, valvePlant }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={E.raiseTitle} description={E.raiseIntro}>
        {open ? <RaiseFormWhenReady valvePlant={valvePlant} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const FIELDS = ['plant', 'reason'];

type FormProps = { onDone: () => void; valvePlant?: string };

/** The form once the plants are known, so the preselection is made from them. */
function RaiseFormWhenReady(props: FormProps) {
  const plants = usePlants();
  if (plants.isPending) return <Skeletons count={2} label={E.loadingPlants} itemClassName="h-16" />;
  return <RaiseForm {...props} orgPlants={activePlantNames(plants.data)} />;
}

function RaiseForm({ onDone, valvePlant, orgPlants }: FormProps & { orgPlants: string[] }) {
  const queryClient = useQueryClient();
  const limited = useSession().data?.plants ?? [];
  const plants = limited.length ? limited : orgPlants;
  const [plant, setPlant] = useState(() => preselectedPlant(plants, limited.length > 0, valvePlant));
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const form = useContractForm({ schemas: contractSchemas.emergencies, fields: FIELDS, failedTitle: E.failed });
  const busy = sending || form.checking;
  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = await form.check((schemas) => schemas.raiseEmergencyBody, {
        plant,
        reason,
      });
      if (!body) return;
      setSending(true);
      try {
        await raiseEmergency(body);
        toast({ title: E.raised, description: plant, tone: 'danger' });
        await queryClient.invalidateQueries({ queryKey: emergenciesQuery.queryKey });
        onDone();
      } catch (failure) {
        form.refuse(failure);
      } finally {
        setSending(false);
      }
    });
  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4">
      <FormProblemAlert problem={form.alert} />
      <Field label={E.plant} required error={form.errors.plant}>
        {(control) => (
          <Select
            {...control}
            value={plant}
            onChange={(e) => {
              setPlant(e.target.value);
              form.clear('plant');
            }}
          >
            {plant ? null : <option value="">{E.choosePlant}</option>}
            {plants.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={E.reason} hint={E.reasonHint} error={form.errors.reason} required>
        {(control) => (
          <Textarea
            {...control}
            value={reason}
            maxLength={500}
            onChange={(e) => {
              setReason(e.target.value);
              form.clear('reason');
            }}
          />
        )}
      </Field>
      <Button type="submit" variant="danger" disabled={busy}>
        <Siren className="size-5" aria-hidden="true" />
        {E.raise}
      </Button>
    </form>
  );
}
