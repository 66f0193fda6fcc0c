import type { Signature } from '@common/schemas/signatures';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { SignatureFields } from '@/components/signature-fields';
import { SignatureLine } from '@/components/signature-line';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import type { ApiFailure } from '@/lib/api-error';
import { contractSchemas } from '@/lib/contract-schemas';
import { apiSend } from '@/lib/http';
import { readQueryKey } from '@/lib/query-client';
import { useCan } from '@/lib/session/use-can';
import { toast } from '@/lib/toast';

type Meaning = Signature['meaning'];
const query = (id: number) => ['/api/signatures', { entityType: 'relief_test', entityId: id }] as const;

/**
 * A submitted test record's e-signatures, and Sign: the tester signs what they performed, a supervisor or engineer
 * reviews or approves it (issue 28: the certificate prints these). The server binds the record's content.
 */
export function TestSignatures({ testId }: { testId: number }) {
  const { data } = useQuery({ queryKey: query(testId), queryFn: readQueryKey<Signature[]> });
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-2">
      {data?.length ? (
        <ul aria-label="Signatures" className="grid gap-1 rounded-lg border border-green-200 bg-green-50 p-2">
          {data.map((s) => (
            <li key={s.id}>
              <SignatureLine signature={s} />
            </li>
          ))}
        </ul>
      ) : null}
      <Button variant="outline" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        Sign record
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Sign the test record">
          {open ? <SignForm testId={testId} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function SignForm({ testId, onDone }: { testId: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const approver = useCan('records:approve');
  // The meanings follow the role: a tester signs what they performed; review and approval are an approver's.
  const meanings: readonly Meaning[] = approver ? ['performed', 'reviewed', 'approved'] : ['performed'];
  const [meaning, setMeaning] = useState<Meaning>('performed');
  const [password, setPassword] = useState('');
  const [key] = useState(newActionKey);
  const form = useContractForm({
    schemas: contractSchemas.signatures,
    fields: ['password'],
    failedTitle: 'Could not sign the record',
  });
  const sign = useMutation({
    mutationFn: (body: object) => apiSend<Signature>('POST', '/api/signatures', body, { idempotencyKey: key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: query(testId) }),
  });
  const wrongPassword = (failure: ApiFailure) => {
    if (failure.status !== 403 || !failure.message.includes('password')) return false;
    form.showFieldErrors({ password: failure.message });
    return true;
  };
  const submit = (event: FormEvent) =>
    form.submit(event, sign.isPending, async () => {
      const body = await form.check((schemas) => schemas.signatureCreateBody, {
        entityType: 'relief_test',
        entityId: testId,
        password,
        meaning,
      });
      if (!body) return;
      sign.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Test record signed' });
          onDone();
        },
        onError: (error) => form.refuse(error, undefined, wrongPassword),
      });
    });
  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="grid gap-4">
      <FormProblemAlert problem={form.alert} />
      <SignatureFields
        legend="Your signature"
        hint="Re-enter your password: the record is signed with your name, and its content is fixed by a hash."
        password={password}
        passwordError={form.errors.password}
        onPasswordChange={(value) => {
          setPassword(value);
          form.clear('password');
        }}
        meaning={meaning}
        meanings={meanings}
        onMeaningChange={setMeaning}
        required
      />
      <FormActions>
        <Button variant="outline" onClick={onDone} disabled={sign.isPending}>
          Cancel
        </Button>
        <SubmitButton busy={sign.isPending} busyLabel="Signing…">
          Sign
        </SubmitButton>
      </FormActions>
    </form>
  );
}
