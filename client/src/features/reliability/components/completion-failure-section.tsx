import type { WorkOrderDetail } from '@common/schemas/work-orders';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeletons } from '@/components/ui/skeleton';
import type { FieldErrors } from '@/lib/form-failure';
import { formatDateTime } from '@/lib/format';
import { useFailureCodes } from '../api/failure-codes';
import {
  type CompletionDraft,
  type CompletionPart,
  completionPart,
  type DowntimeRow,
  EMPTY_FAILURE,
  EMPTY_ROW,
  type FailureDraft,
  sentIndex,
} from '../completion-draft';
import { RELIABILITY_TEXTS } from '../texts';
import { DowntimeFields } from './downtime-fields';
import { FailureFields } from './failure-fields';

const T = RELIABILITY_TEXTS;

type Draft = { failure: CompletionDraft['failure']; downtime: (DowntimeRow & { key: number })[] };

type Props = {
  workOrder: WorkOrderDetail;
  errors: FieldErrors;
  onChange: (part: CompletionPart) => void;
  onClear: (field: string) => void;
};

const FIELDSET = 'grid min-w-0 gap-3 rounded-xl border border-slate-300 p-3 sm:p-4';
const LEGEND = 'px-1 text-lg font-bold text-slate-900';

/**
 * The Complete form's failure and downtime (issue 34), drawn in the work order's dialog: the failure mode (ISO 14224
 * codes from GET /api/failure-codes, kept on the device for offline use) and the periods the valve was out of
 * service. Each change hands the dialog the body part it adds, so the completion stays one write, queued offline
 * like the rest of it.
 */
export function CompletionFailureSection({ workOrder, errors, onChange, onClear }: Props) {
  const codes = useFailureCodes();
  const [draft, setDraft] = useState<Draft>({ failure: EMPTY_FAILURE, downtime: [] });
  // Rows have no identity of their own: a number each, so removing one keeps the others' fields where they are.
  const [nextKey, setNextKey] = useState(1);

  const update = (next: Draft, field: string) => {
    setDraft(next);
    onChange(completionPart(next));
    onClear(field);
  };
  const setFailure = (field: keyof FailureDraft, value: string) =>
    update({ ...draft, failure: { ...draft.failure, [field]: value } }, `failure.${field}`);
  const setRow = (index: number, field: keyof DowntimeRow, value: string) => {
    const downtime = draft.downtime.map((row, i) => (i === index ? { ...row, [field]: value } : row));
    update({ ...draft, downtime }, `downtime.${sentIndex(downtime, index) ?? index}.${field}`);
  };
  const addRow = () => {
    update({ ...draft, downtime: [...draft.downtime, { ...EMPTY_ROW, key: nextKey }] }, 'downtime');
    setNextKey((key) => key + 1);
  };
  const removeRow = (index: number) =>
    update({ ...draft, downtime: draft.downtime.filter((_, i) => i !== index) }, 'downtime');

  return (
    <>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{T.failure.legend}</legend>
        <p className="-mt-1 text-sm text-slate-600">{T.failure.hint}</p>
        {codes.isPending ? (
          <Skeletons count={1} label={T.codesLoading} itemClassName="h-12" />
        ) : codes.isError ? (
          <p role="alert" className="text-base text-red-700">
            {T.codesMissing}
          </p>
        ) : (
          <FailureFields
            codes={codes.data}
            draft={draft.failure}
            errors={errors}
            prefix="failure."
            optional
            raisedAt={formatDateTime(workOrder.createdAt)}
            onChange={setFailure}
          />
        )}
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{T.downtime.legend}</legend>
        <p className="-mt-1 text-sm text-slate-600">{T.downtime.hint}</p>
        {draft.downtime.map((row, index) => (
          <fieldset key={row.key} className="grid min-w-0 gap-3 border-t border-slate-200 pt-3">
            <legend className="sr-only">{T.downtime.period(index + 1)}</legend>
            <div className="flex items-center justify-between gap-2">
              <span className="text-base font-semibold text-slate-800" aria-hidden="true">
                {T.downtime.period(index + 1)}
              </span>
              <Button variant="ghost" size="sm" onClick={() => removeRow(index)}>
                <Trash2 className="size-4" aria-hidden="true" />
                {T.downtime.remove}
              </Button>
            </div>
            <DowntimeFields
              row={row}
              errors={errors}
              prefix={`downtime.${sentIndex(draft.downtime, index) ?? 'blank'}.`}
              required
              onChange={(field, value) => setRow(index, field, value)}
            />
          </fieldset>
        ))}
        <Button variant="outline" onClick={addRow} className="w-full sm:w-auto sm:justify-self-start">
          <Plus className="size-5" aria-hidden="true" />
          {draft.downtime.length === 0 ? T.downtime.add : T.downtime.addAnother}
        </Button>
      </fieldset>
    </>
  );
}
