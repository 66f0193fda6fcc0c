import { PIPING_CONDITIONS, TEST_MEDIA } from '@common/relief-valves/rules';
import { PRESSURE_UNITS, type ReliefTest, type ReliefTestOptions, TEST_PLACES } from '@common/schemas/relief-valves';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormProblemAlert } from '@/components/form-parts';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { contractSchemas } from '@/lib/contract-schemas';
import { formatDate } from '@/lib/format';
import { isQueued, type Queued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { toast } from '@/lib/toast';
import { useCreateReliefTest, useUpdateReliefTest } from './api/create-test';
import { useValvePhotos } from './api/reads';
import { certificatesFor, instrumentMark, type RecordValues, recordBody } from './record-form';
import { Choice, RECORD_FIELDS, Stage } from './record-parts';
import { draftExtras, draftValues, newRecordValues } from './record-values';
import { RELIEF_TEXTS as T } from './texts';

/** The record form itself: a new record, or a draft filled as it was entered (record-values.ts). */
export function RecordForm({
  tag,
  certificates,
  qualifications,
  instruments,
  draft,
}: {
  tag: {
    id: number;
    tag: string;
    deviceId: number;
    serial: string;
    setPressure: number;
    plant: string;
    /** The plant's zone: a new record's test date is the plant's today. */
    timeZone: string;
    valveId: number | undefined;
  };
  certificates: { id: number; number: string; kind: string }[];
  qualifications: ReliefTestOptions['qualifications'];
  instruments: ReliefTestOptions['instruments'];
  draft?: ReliefTest;
}) {
  const navigate = useNavigate();
  const create = useCreateReliefTest();
  const update = useUpdateReliefTest();
  const form = useContractForm({
    schemas: contractSchemas.reliefValves,
    fields: RECORD_FIELDS,
    failedTitle: T.failed,
    checkTitle: T.checkFields,
  });
  const photos = useValvePhotos(tag.valveId);
  const gauges = instruments.filter((i) => i.kind === 'gauge');
  const benches = instruments.filter((i) => i.kind === 'bench');
  const offered = (v: RecordValues) => certificatesFor(v.partsReplaced.trim() !== '', certificates, qualifications);
  // A certificate the work entered does not allow (a repair under T/O) gives way to the first one that does.
  const allowedCertificate = (v: RecordValues): RecordValues => {
    const allowed = offered(v);
    return allowed.some((c) => String(c.id) === v.certificateId) || !allowed.length
      ? v
      : { ...v, certificateId: String(allowed[0].id) };
  };
  const [values, setValues] = useState<RecordValues>(() =>
    allowedCertificate(draft ? draftValues(draft) : newRecordValues(tag, certificates, instruments)),
  );
  const set = (key: keyof RecordValues) => (value: string | boolean) =>
    setValues((v) => allowedCertificate({ ...v, [key]: value }));
  const text = (key: keyof RecordValues, label: string, path = key as string, type = 'text', required = false) => (
    <Field label={label} error={form.errors[path]} required={required}>
      {(control) => (
        <Input
          {...control}
          type={type}
          inputMode={type === 'text' ? undefined : 'decimal'}
          value={values[key] as string}
          onChange={(e) => {
            set(key)(e.target.value);
            form.clear(path);
          }}
        />
      )}
    </Field>
  );
  const flag = (key: 'chatter' | 'flutter' | 'sticking' | 'leakSeen', label: string) => (
    <label className="flex min-h-12 items-center gap-3 text-base">
      <input type="checkbox" className="size-6" checked={values[key]} onChange={(e) => set(key)(e.target.checked)} />
      {label}
    </label>
  );
  const busy = create.isPending || update.isPending || form.checking;

  const send = async (submit: boolean) => {
    const done = {
      onSuccess: (reply: ReliefTest | Queued) => {
        if (isQueued(reply)) toastQueued(tag.tag);
        else toast({ title: T.recorded(tag.tag) });
        navigate(`/relief-valves/tags/${tag.id}`);
      },
      onError: (error: unknown) => form.refuse(error),
    };
    const entered = recordBody(tag.deviceId, values, submit);
    if (!draft) {
      const body = await form.check((s) => s.reliefTestBody, entered);
      if (body) create.mutate({ key: newActionKey(), body }, done);
      return;
    }
    // What the form does not show goes back as it was; the plate as found keeps what the form does not ask.
    const extras = draftExtras(draft);
    const foundNameplate = entered.foundNameplate ? { ...extras.foundNameplate, ...entered.foundNameplate } : null;
    const body = await form.check((s) => s.reliefTestUpdateBody, {
      ...extras,
      ...entered,
      foundNameplate,
      version: draft.version,
    });
    if (body) update.mutate({ id: draft.id, key: newActionKey(), body }, done);
  };
  // Marked before it is chosen: what the server would refuse on submit (expired, or a gauge unfit for the set).
  const instrumentLabel = (i: ReliefTestOptions['instruments'][number]) => {
    const mark = instrumentMark(i, tag.setPressure, values.testedOn);
    return `${i.identifier} (cal. due ${formatDate(i.calibrationDueOn)})${mark ? ` · ${mark}` : ''}`;
  };
  const unit = values.pressureUnit;
  return (
    <>
      <title>{`Test record ${tag.tag} · ValveOps`}</title>
      <PageHeader title={draft ? T.editDraftTitle(tag.tag) : `Test record: ${tag.tag}`} />
      <p className="mb-3 text-base text-slate-700">Relief valve S/N {tag.serial}</p>
      <form
        ref={form.ref}
        onSubmit={(event) => form.submit(event, busy, () => send(true))}
        noValidate
        className="grid gap-4"
      >
        <FormProblemAlert problem={form.alert} />
        <Stage title="Test">
          {text('testedOn', 'Tested on', 'testedOn', 'date', true)}
          <Choice
            label="Where"
            value={values.place}
            onChange={set('place')}
            options={[...TEST_PLACES]}
            error={form.errors.place}
          />
          <Choice
            label="Test medium"
            value={values.medium}
            onChange={set('medium')}
            options={[...TEST_MEDIA]}
            error={form.errors.medium}
          />
          <Choice
            label="Pressure unit"
            value={unit}
            onChange={set('pressureUnit')}
            options={[...PRESSURE_UNITS]}
            error={form.errors.pressureUnit}
          />
          <Choice
            label="Certificate"
            value={values.certificateId}
            onChange={set('certificateId')}
            options={offered(values).map((c) => ({ id: c.id, label: `${c.number} (${c.kind.toUpperCase()})` }))}
            error={form.errors.certificateId}
          />
          <Choice
            label="Gauge"
            value={values.gaugeId}
            onChange={set('gaugeId')}
            options={gauges.map((g) => ({ id: g.id, label: instrumentLabel(g) }))}
            error={form.errors.gaugeId}
          />
          <Choice
            label="Bench"
            value={values.benchId}
            onChange={set('benchId')}
            options={benches.map((b) => ({ id: b.id, label: instrumentLabel(b) }))}
            required={false}
            error={form.errors.benchId}
          />
        </Stage>
        <Stage title="1. As found, before cleaning">
          {text('opening', `Opening (${unit})`, 'asFound.opening', 'number', true)}
          {text('simmer', `Simmer (${unit})`, 'asFound.simmer', 'number')}
          {text('reseat', `Reseat (${unit})`, 'asFound.reseat', 'number')}
          {flag('chatter', 'Chatter')}
          {flag('flutter', 'Flutter')}
          {flag('sticking', 'Sticking')}
        </Stage>
        <Stage title="2. Seat tightness (API 527) and piping">
          {text('heldPressure', `Pressure held (${unit})`, 'asFoundSeat.heldPressure', 'number')}
          {text('bubbles', 'Bubbles per minute', 'asFoundSeat.bubblesPerMinute', 'number')}
          {flag('leakSeen', 'Leakage seen or heard')}
          <Choice
            label="Inlet piping"
            value={values.inlet}
            onChange={set('inlet')}
            options={[...PIPING_CONDITIONS]}
            error={form.errors['piping.inlet']}
          />
          <Choice
            label="Outlet piping"
            value={values.outlet}
            onChange={set('outlet')}
            options={[...PIPING_CONDITIONS]}
            error={form.errors['piping.outlet']}
          />
        </Stage>
        <Stage title="3. Work done">
          {text('partsReplaced', 'Parts replaced (comma separated)', 'partsReplaced')}
          {text('adjustments', 'Adjustments', 'adjustments')}
        </Stage>
        <Stage title="4. As left">
          {text('leftOpening', `Opening (${unit})`, 'asLeft', 'number')}
          {text('leftReseat', `Reseat (${unit})`, 'asLeft.reseat', 'number')}
          {text('sealNumber', 'Seal / gag number', 'sealNumber')}
        </Stage>
        {values.medium === 'air' || values.medium === 'nitrogen' ? (
          <Stage title="A steam valve set on a gas?">
            {text('airSetPercent', "Maker's correction (% of set)", 'airSetCorrection.percent', 'number')}
            {text('airSetSource', 'Where the correction comes from', 'airSetCorrection.source')}
          </Stage>
        ) : null}
        <Stage title="Nameplate">
          {photos.data?.length ? (
            <Choice
              label="Photo of the nameplate"
              value={values.nameplatePhotoId}
              onChange={set('nameplatePhotoId')}
              options={[
                { id: 0, label: 'None taken of the plate' },
                ...photos.data.map((p) => ({
                  id: p.id,
                  label: `${p.description ?? 'Photo'}, ${formatDate(p.createdAt)}`,
                })),
              ]}
              required={false}
              error={form.errors.nameplatePhotoId}
            />
          ) : null}
          {text('plateModel', 'Model on the plate, where it differs', 'foundNameplate.model')}
          {text(
            'plateSetPressure',
            `Set pressure on the plate, where it differs (${unit})`,
            'foundNameplate.setPressure',
            'number',
          )}
        </Stage>
        <div className="grid gap-2 sm:flex">
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {T.submit}
          </Button>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => !busy && void send(false)}
            className="w-full sm:w-auto"
          >
            {T.saveDraft}
          </Button>
        </div>
      </form>
    </>
  );
}
