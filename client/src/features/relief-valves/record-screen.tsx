import { PIPING_CONDITIONS, TEST_MEDIA } from '@common/relief-valves/rules';
import { PRESSURE_UNITS, type ReliefTestOptions, TEST_PLACES } from '@common/schemas/relief-valves';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FormProblemAlert } from '@/components/form-parts';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeletons } from '@/components/ui/skeleton';
import { useContractForm } from '@/components/use-contract-form';
import { newActionKey } from '@/lib/action-key';
import { contractSchemas } from '@/lib/contract-schemas';
import { formatDate } from '@/lib/format';
import { isQueued } from '@/lib/offline/offline-write';
import { toastQueued } from '@/lib/offline/queued-toast';
import { parseRouteId } from '@/lib/route-id';
import { toast } from '@/lib/toast';
import { useCreateReliefTest } from './api/create-test';
import { useReliefTag, useReliefTestOptions, useValvePhotos } from './api/reads';
import { gaugeFits, plantToday, type RecordValues, recordBody } from './record-form';
import { Choice, RECORD_FIELDS, Stage } from './record-parts';
import { RELIEF_TEXTS as T } from './texts';

/**
 * A test record in the order of the work: as found before anything is touched, seat tightness, piping, what was
 * done, as left. The server judges every figure by rule; the form only collects them.
 */
export function ReliefRecordScreen() {
  const id = parseRouteId(useParams().id) ?? 0;
  const tag = useReliefTag(id);
  const options = useReliefTestOptions();
  if (tag.error || options.error) return <LoadError error={tag.error ?? options.error} onRetry={() => tag.refetch()} />;
  if (tag.isPending || options.isPending)
    return <Skeletons count={4} label="Loading form" className="gap-3" itemClassName="h-16" />;
  if (!tag.data.installed) return <p>No relief valve is installed on {tag.data.tag}.</p>;
  const qualified = options.data.qualifications.map((q) => q.certificateId);
  const certificates = options.data.certificates.filter((c) => qualified.includes(c.id));
  return (
    <RecordForm
      tag={{
        id: tag.data.id,
        tag: tag.data.tag,
        deviceId: tag.data.installed.deviceId,
        serial: tag.data.installed.serialNumber,
        setPressure: tag.data.setPressure,
        plant: tag.data.plant,
        valveId: tag.data.valve?.id,
      }}
      certificates={certificates.length ? certificates : options.data.certificates}
      instruments={options.data.instruments}
    />
  );
}

function RecordForm({
  tag,
  certificates,
  instruments,
}: {
  tag: {
    id: number;
    tag: string;
    deviceId: number;
    serial: string;
    setPressure: number;
    plant: string;
    valveId: number | undefined;
  };
  certificates: { id: number; number: string; kind: string }[];
  instruments: ReliefTestOptions['instruments'];
}) {
  const navigate = useNavigate();
  const create = useCreateReliefTest();
  const form = useContractForm({
    schemas: contractSchemas.reliefValves,
    fields: RECORD_FIELDS,
    failedTitle: T.failed,
    checkTitle: T.checkFields,
  });
  const photos = useValvePhotos(tag.valveId);
  const gauges = instruments.filter((i) => i.kind === 'gauge');
  const benches = instruments.filter((i) => i.kind === 'bench');
  const [values, setValues] = useState<RecordValues>({
    testedOn: plantToday(tag.plant),
    place: 'shop',
    medium: 'air',
    certificateId: String(certificates[0]?.id ?? ''),
    gaugeId: String((gauges.find((g) => gaugeFits(g, tag.setPressure, plantToday(tag.plant))) ?? gauges[0])?.id ?? ''),
    benchId: String(benches[0]?.id ?? ''),
    pressureUnit: 'psi',
    opening: '',
    simmer: '',
    reseat: '',
    heldPressure: '',
    bubbles: '',
    inlet: 'clear',
    outlet: 'clear',
    partsReplaced: '',
    adjustments: '',
    leftOpening: '',
    leftReseat: '',
    sealNumber: '',
    plateModel: '',
    plateSetPressure: '',
    nameplatePhotoId: '',
    airSetPercent: '',
    airSetSource: '',
    chatter: false,
    flutter: false,
    sticking: false,
    leakSeen: false,
  });
  const set = (key: keyof RecordValues) => (value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));
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
  const busy = create.isPending || form.checking;

  const send = async (submit: boolean) => {
    const body = await form.check((s) => s.reliefTestBody, recordBody(tag.deviceId, values, submit));
    if (!body) return;
    create.mutate(
      { key: newActionKey(), body },
      {
        onSuccess: (reply) => {
          if (isQueued(reply)) toastQueued(tag.tag);
          else toast({ title: T.recorded(tag.tag) });
          navigate(`/relief-valves/tags/${tag.id}`);
        },
        onError: (error) => form.refuse(error),
      },
    );
  };
  const unit = values.pressureUnit;
  return (
    <>
      <title>{`Test record ${tag.tag} · ValveOps`}</title>
      <PageHeader title={`Test record: ${tag.tag}`} />
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
            options={certificates.map((c) => ({ id: c.id, label: `${c.number} (${c.kind.toUpperCase()})` }))}
            error={form.errors.certificateId}
          />
          <Choice
            label="Gauge"
            value={values.gaugeId}
            onChange={set('gaugeId')}
            options={gauges.map((g) => ({
              id: g.id,
              label: `${g.identifier} (cal. due ${formatDate(g.calibrationDueOn)})`,
            }))}
            error={form.errors.gaugeId}
          />
          <Choice
            label="Bench"
            value={values.benchId}
            onChange={set('benchId')}
            options={benches.map((b) => ({
              id: b.id,
              label: `${b.identifier} (cal. due ${formatDate(b.calibrationDueOn)})`,
            }))}
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
