import type { ProcedureRun, ProcedureStep, StepResult, StepResultBody } from '@common/schemas/procedures';
import { type ComponentType, useState } from 'react';
import { Link } from 'react-router';
import { SignatureLine } from '@/components/signature-line';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import type { PhotoToSend } from '@/lib/offline/send-photo';

type Props = {
  run: ProcedureRun;
  /** The work order is under way: steps are recorded once it is started, not while it waits. */
  started: boolean;
  step: ProcedureStep;
  index: number;
  result: StepResult | undefined;
  busy: boolean;
  error?: string;
  onRecord: (body: StepResultBody) => void;
  /** Sends a photo step's photo and answer as one write (queued whole offline). */
  sendPhoto: (photo: PhotoToSend) => Promise<unknown>;
  /** Takes or picks the photo of a photo step (the photos feature's, passed in by app/). */
  PhotoStep?: PhotoStepSlot;
};

/** A button that takes or picks a photo and hands it to `send`, which records the step with it. */
export type PhotoStepSlot = ComponentType<{
  workOrderId: number;
  label: string;
  disabled: boolean;
  send: (photo: PhotoToSend) => Promise<unknown>;
}>;

const CHECK_ANSWERS = [
  { value: 'pass', label: 'Pass', on: 'border-green-700 bg-green-700 text-white' },
  { value: 'fail', label: 'Fail', on: 'border-red-700 bg-red-700 text-white' },
  { value: 'na', label: 'N/A', on: 'border-slate-700 bg-slate-700 text-white' },
];

const limits = (step: Extract<ProcedureStep, { type: 'number' }>) =>
  [step.lower != null ? `min ${step.lower}` : '', step.upper != null ? `max ${step.upper}` : '']
    .filter(Boolean)
    .join(' · ');

/** One step as a card with big targets: a gloved thumb taps Pass / Fail / N/A or an option, or types a reading. */
export function StepCard({ run, started, step, index, result, busy, error, onRecord, sendPhoto, PhotoStep }: Props) {
  const locked = run.locked || Boolean(result?.signature) || !started;
  const [number, setNumber] = useState(result?.numberValue?.toString() ?? '');
  const [text, setText] = useState(result?.answer ?? '');
  const [password, setPassword] = useState('');
  const labelId = `step-${run.id}-${step.key}`;
  return (
    <li
      aria-labelledby={labelId}
      className={cn('rounded-lg border bg-white p-4', result?.failed ? 'border-red-300 bg-red-50' : 'border-slate-200')}
    >
      <div className="flex items-start justify-between gap-3">
        <p id={labelId} className="text-base font-semibold text-slate-900">
          {index + 1}. {step.label}
        </p>
        {result ? (
          <span className={cn('shrink-0 text-sm font-medium', result.recordedBy ? 'text-slate-600' : 'text-amber-700')}>
            {result.recordedBy ? 'Saved' : 'Waiting to sync'}
          </span>
        ) : null}
      </div>
      {step.help ? <p className="mt-1 text-sm text-slate-600">{step.help}</p> : null}
      <div className="mt-3">
        {step.type === 'check' ? (
          <div className="grid grid-cols-3 gap-2">
            {CHECK_ANSWERS.map((a) => (
              <button
                key={a.value}
                type="button"
                aria-pressed={result?.answer === a.value}
                disabled={locked || busy}
                onClick={() => onRecord({ answer: a.value })}
                className={cn(
                  'min-h-14 rounded-lg border-2 text-lg font-bold disabled:opacity-60',
                  result?.answer === a.value ? a.on : 'border-slate-300 bg-white text-slate-800',
                )}
              >
                {a.label}
              </button>
            ))}
          </div>
        ) : null}
        {step.type === 'choice' ? (
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {step.options.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={result?.answer === option}
                disabled={locked || busy}
                onClick={() => onRecord({ answer: option })}
                className={cn(
                  'min-h-14 rounded-lg border-2 px-3 text-base font-semibold disabled:opacity-60',
                  result?.answer === option ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white',
                )}
              >
                {option}
              </button>
            ))}
          </div>
        ) : null}
        {step.type === 'number' ? (
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (number.trim() !== '' && Number.isFinite(Number(number))) onRecord({ numberValue: Number(number) });
            }}
          >
            <label htmlFor={`${labelId}-value`} className="grid flex-1 gap-1 text-sm text-slate-700">
              <span>
                Reading ({step.unit}){limits(step) ? ` · ${limits(step)}` : ''}
              </span>
              <Input
                id={`${labelId}-value`}
                inputMode="decimal"
                value={number}
                disabled={locked}
                onChange={(e) => setNumber(e.target.value)}
                aria-label={`${step.label} (${step.unit})`}
                className="min-h-14 text-lg"
              />
            </label>
            <Button type="submit" disabled={locked || busy} className="min-h-14">
              Save
            </Button>
          </form>
        ) : null}
        {step.type === 'text' ? (
          <form
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (text.trim()) onRecord({ answer: text.trim() });
            }}
          >
            <Textarea
              rows={3}
              value={text}
              disabled={locked}
              onChange={(e) => setText(e.target.value)}
              aria-label={step.label}
            />
            <Button type="submit" disabled={locked || busy} className="min-h-14">
              Save
            </Button>
          </form>
        ) : null}
        {step.type === 'photo' ? (
          <div className="grid gap-2">
            {result?.photoId ? (
              <a href={`/api/photos/${result.photoId}/image`} target="_blank" rel="noreferrer" className="w-fit">
                <img
                  src={`/api/photos/${result.photoId}/image?size=thumbnail`}
                  alt={`Taken at this step: ${step.label}`}
                  className="size-24 rounded-lg border border-slate-200 object-cover"
                />
              </a>
            ) : result ? (
              <p className="text-sm text-amber-800">The photo is on this device and uploads when the signal returns.</p>
            ) : (
              <p className="text-sm text-slate-700">A photo is required at this step.</p>
            )}
            {PhotoStep && !locked ? (
              <PhotoStep workOrderId={run.workOrderId} label={step.label} disabled={busy} send={sendPhoto} />
            ) : null}
          </div>
        ) : null}
        {step.type === 'signature' ? (
          result?.signature ? (
            <SignatureLine signature={result.signature} />
          ) : (
            <form
              className="flex items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (password) onRecord({ signature: { password, meaning: 'performed' } });
              }}
            >
              <label htmlFor={`${labelId}-password`} className="grid flex-1 gap-1 text-sm text-slate-700">
                <span>Your password, to sign as performed</span>
                <Input
                  id={`${labelId}-password`}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  disabled={locked}
                  onChange={(e) => setPassword(e.target.value)}
                  className="min-h-14"
                />
              </label>
              <Button type="submit" disabled={locked || busy || !navigator.onLine} className="min-h-14">
                Sign
              </Button>
            </form>
          )
        ) : null}
      </div>
      {result?.failed ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm font-medium text-red-800">
          <span>{step.type === 'number' ? 'Outside the limits.' : 'Failed.'}</span>
          {result.correctiveWorkOrderNumber ? (
            <span>
              Corrective work order{' '}
              <Link
                to={`/work-orders/${result.correctiveWorkOrderId}`}
                className="font-semibold text-red-900 underline underline-offset-2"
              >
                {result.correctiveWorkOrderNumber}
              </Link>{' '}
              raised.
            </span>
          ) : result.recordedBy && !locked ? (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() =>
                onRecord({ answer: result.answer, numberValue: result.numberValue, raiseCorrective: true })
              }
            >
              Raise corrective work order
            </Button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </li>
  );
}
