import { PART_UNITS, type PartUnit } from '@common/schemas/parts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions, FormProblemAlert, SubmitButton } from '@/components/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/components/use-contract-form';
import { contractSchemas } from '@/lib/contract-schemas';
import { toast } from '@/lib/toast';
import { typedNumber } from '@/lib/typed-number';
import { useCreatePart } from '../api/part-writes';
import { PARTS_TEXTS } from '../texts';

const T = PARTS_TEXTS.createDialog;
const FIELDS = ['partNumber', 'name', 'manufacturer', 'unit', 'unitCost', 'minimumStock', 'fitsModels', 'description'];

type Values = {
  partNumber: string;
  name: string;
  manufacturer: string;
  unit: PartUnit;
  unitCost: string;
  minimumStock: string;
  fitsModels: string;
  description: string;
};
const EMPTY: Values = {
  partNumber: '',
  name: '',
  manufacturer: '',
  unit: 'each',
  unitCost: '',
  minimumStock: '0',
  fitsModels: '',
  description: '',
};

/** 'New part': its number, name and maker, how it is counted and costed, its minimum, the models it fits. */
export function CreatePartDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const create = useCreatePart();
  const navigate = useNavigate();
  const form = useContractForm({ schemas: contractSchemas.parts, fields: FIELDS, failedTitle: T.failed });
  const busy = create.isPending || form.checking;

  const change = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field);
  };

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(EMPTY);
      form.reset();
    }
  };

  const submit = (event: FormEvent) =>
    form.submit(event, busy, async () => {
      const body = {
        partNumber: values.partNumber,
        name: values.name,
        manufacturer: values.manufacturer || null,
        unit: values.unit,
        unitCost: typedNumber(values.unitCost),
        minimumStock: typedNumber(values.minimumStock),
        fitsModels: values.fitsModels
          .split('\n')
          .map((model) => model.trim())
          .filter(Boolean),
        description: values.description || null,
      };
      const checked = await form.check((schemas) => schemas.createPartBody, body);
      if (!checked) return;
      create.mutate(checked, {
        onError: (error) => form.refuse(error),
        onSuccess: (part) => {
          toast({ title: T.added(part.partNumber) });
          openChange(false);
          navigate(`/parts/${part.id}`);
        },
      });
    });

  const text = (field: keyof Values, label: string, props: { required?: boolean; hint?: string } = {}) => (
    <Field label={label} required={props.required} error={form.errors[field]} hint={props.hint}>
      {(control) => (
        <Input
          {...control}
          autoComplete="off"
          value={values[field]}
          onChange={(event) => change(field, event.target.value)}
        />
      )}
    </Field>
  );
  const number = (field: 'unitCost' | 'minimumStock', label: string, hint?: string) => (
    <Field label={label} required error={form.errors[field]} hint={hint}>
      {(control) => (
        <Input
          {...control}
          inputMode="decimal"
          autoComplete="off"
          value={values[field]}
          onChange={(event) => change(field, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button>
          {trigger}
          {PARTS_TEXTS.add}
        </Button>
      </DialogTrigger>
      <DialogContent title={T.title}>
        <form ref={form.ref} noValidate onSubmit={submit} className="grid gap-4" aria-label={T.title}>
          <FormProblemAlert problem={form.alert} />
          {text('partNumber', T.partNumber, { required: true })}
          {text('name', T.name, { required: true, hint: T.nameHint })}
          {text('manufacturer', T.manufacturer)}
          <Field label={T.unit} required error={form.errors.unit}>
            {(control) => (
              <Select {...control} value={values.unit} onChange={(event) => change('unit', event.target.value)}>
                {PART_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {unit}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            {number('unitCost', T.unitCost)}
            {number('minimumStock', T.minimumStock, T.minimumHint)}
          </div>
          <Field label={T.fitsModels} error={form.errors.fitsModels} hint={T.fitsHint}>
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                value={values.fitsModels}
                onChange={(event) => change('fitsModels', event.target.value)}
              />
            )}
          </Field>
          <Field label={T.description} error={form.errors.description}>
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                value={values.description}
                onChange={(event) => change('description', event.target.value)}
              />
            )}
          </Field>
          <FormActions>
            <Button variant="outline" onClick={() => openChange(false)}>
              {PARTS_TEXTS.cancel}
            </Button>
            <SubmitButton busy={busy} busyLabel={T.busy}>
              {T.submit}
            </SubmitButton>
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
