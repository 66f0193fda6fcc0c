import type { FailureReport } from '@common/schemas/reliability';
import { DetailList, DetailRow } from '@/components/detail-row';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Skeletons } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/session/use-can';
import { useWorkOrderFailure } from '../api/work-order-failure';
import { RELIABILITY_TEXTS } from '../texts';
import { FailureEditDialog } from './failure-edit-dialog';

const T = RELIABILITY_TEXTS;

/** A code in words, or "Not known" for one left out. */
const coded = (code: string | null, label: string | null) =>
  code ? T.codeLabel(code, label ?? code) : T.failure.notKnown;

/**
 * A work order's failure report in words, and for those with failures:code on a completed order its Edit (a first
 * report when none was given at completion).
 */
export function WorkOrderFailure({
  workOrderId,
  completed,
  raisedAt,
}: {
  workOrderId: number;
  completed: boolean;
  raisedAt: string;
}) {
  const failure = useWorkOrderFailure(workOrderId);
  const canCode = useCan('failures:code');
  if (failure.isPending) return <Skeletons count={1} label={T.codesLoading} itemClassName="h-24" />;
  if (failure.isError) return <LoadError error={failure.error} onRetry={() => failure.refetch()} />;
  const report = failure.data;
  return (
    <div className="grid gap-3">
      {report ? (
        <FailureReportRows report={report} />
      ) : (
        <EmptyState>{completed ? T.workOrder.noFailure : T.workOrder.failureLater}</EmptyState>
      )}
      {completed && canCode ? (
        <FailureEditDialog workOrderId={workOrderId} report={report} raisedAt={formatDateTime(raisedAt)} />
      ) : null}
    </div>
  );
}

function FailureReportRows({ report }: { report: FailureReport }) {
  const { labels } = report;
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-3 pb-3">
      <DetailList>
        <DetailRow label={T.failure.mode}>{coded(report.mode, labels.mode)}</DetailRow>
        <DetailRow label={T.failure.failedAt}>{formatDateTime(report.failedAt)}</DetailRow>
        <DetailRow label={T.failure.mechanism}>{coded(report.mechanism, labels.mechanism)}</DetailRow>
        <DetailRow label={T.failure.cause}>{coded(report.cause, labels.cause)}</DetailRow>
        <DetailRow label={T.failure.remedy}>{coded(report.remedy, labels.remedy)}</DetailRow>
        <DetailRow label={T.failure.detectedBy}>{coded(report.detectedBy, labels.detectedBy)}</DetailRow>
      </DetailList>
      <p className="mt-2 text-sm text-slate-600">
        {T.workOrder.recordedBy(report.recordedBy?.name ?? 'a former user', formatDateTime(report.updatedAt))}
      </p>
    </div>
  );
}
