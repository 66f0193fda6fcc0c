import { Link, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { parseRouteId } from '@/lib/route-id';
import { useCan } from '@/lib/session/use-can';
import { RELIEF, useReliefTag } from './api/reads';
import { TagActions } from './components/tag-actions';
import { TestReview } from './components/test-review';
import { TestSignatures } from './components/test-signatures';
import { VerdictBadge } from './components/verdict-badge';
import { RELIEF_TEXTS as T } from './texts';

/** A relief valve position: the valve installed there, its installations, and the tests filed under the tag. */
export function ReliefTagScreen() {
  const id = parseRouteId(useParams().id) ?? 0;
  const { data: tag, error, isPending, refetch } = useReliefTag(id);
  const canTest = useCan('relief-valves:test');
  if (error) return <LoadError error={error} onRetry={() => refetch()} />;
  if (isPending) return <Skeletons count={3} label="Loading tag" className="gap-3" itemClassName="h-32" />;
  return (
    <>
      <title>{`${tag.tag} · ValveOps`}</title>
      <PageHeader title={tag.tag} />
      <Card className="grid gap-1 p-4 text-base">
        <p className="font-semibold">
          {tag.plant} · {tag.service} · protects {tag.protectedEquipment}
        </p>
        <p>Set pressure {tag.setPressure} psi</p>
        <p>
          Installed:{' '}
          {tag.installed
            ? `S/N ${tag.installed.serialNumber}, ${tag.installed.manufacturer} ${tag.installed.model}, since ${formatDate(tag.installed.installedOn)}`
            : 'none'}
        </p>
        <p className="flex flex-wrap items-center gap-2">
          Next test due {formatDate(tag.nextDueOn, 'not set')}{' '}
          {tag.overdue ? <Badge tone="danger">{T.overdue}</Badge> : null}
        </p>
        <p className="text-slate-700">
          {tag.intervalRule} interval, now {tag.currentIntervalMonths} months (at most {tag.maxIntervalMonths}):{' '}
          {tag.intervalReason}
        </p>
      </Card>
      {tag.notReturnedToService ? (
        <div role="status" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          <p className="font-bold">{T.notReturnedTitle}</p>
          <p>
            Failed its as-left test on {formatDate(tag.notReturnedToService.testedOn)}.{' '}
            {tag.notReturnedToService.workOrder ? (
              <Link to={`/work-orders/${tag.notReturnedToService.workOrder.id}`} className="font-semibold underline">
                {tag.notReturnedToService.workOrder.workOrderId}
              </Link>
            ) : null}
          </p>
        </div>
      ) : null}
      <div className="mt-4">
        <TagActions tag={tag} />
      </div>
      <div className="mb-4 grid gap-2 sm:flex">
        {tag.installed ? (
          <Link
            to={`/relief-valves/tags/${tag.id}/record`}
            className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}
          >
            {T.newRecord}
          </Link>
        ) : null}
        <a
          href={`${RELIEF}/tags/${tag.id}/sheet.pdf`}
          download
          className={buttonClasses('outline', 'md', 'w-full sm:w-auto')}
        >
          {T.tagSheet}
        </a>
      </div>
      <h2 className="mt-4 text-lg font-bold">Tests filed under {tag.tag}</h2>
      <ul aria-label="Tests" className="mt-2 grid gap-2">
        {tag.tests.map((test) => (
          <li key={test.id}>
            <Card className="grid gap-2 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{formatDate(test.testedOn)}</span>
                <span>S/N {test.serialNumber}</span>
                {test.status === 'draft' ? <Badge tone="warning">Draft</Badge> : null}
                <VerdictBadge label="As found" verdict={test.asFoundResult} />
                <VerdictBadge label="As left" verdict={test.asLeftResult} />
              </div>
              <span className="text-slate-700">Tester {test.testerName}</span>
              {/* A draft has no certificate (the server answers 409): nothing on it is final. */}
              {test.status === 'submitted' ? (
                <a
                  href={`${RELIEF}/tests/${test.id}/certificate.pdf`}
                  download
                  className={buttonClasses('outline', 'md', 'w-full sm:w-auto')}
                >
                  {T.certificate}
                </a>
              ) : null}
              {test.status === 'draft' && canTest ? (
                <Link
                  to={`/relief-valves/tests/${test.id}/edit`}
                  className={buttonClasses('outline', 'md', 'w-full sm:w-auto')}
                >
                  {T.editDraft}
                </Link>
              ) : null}
              <TestReview testId={test.id} />
              {test.status === 'submitted' ? <TestSignatures testId={test.id} /> : null}
            </Card>
          </li>
        ))}
      </ul>
      <h2 className="mt-6 text-lg font-bold">Installations</h2>
      <ul className="mt-2 grid gap-1">
        {tag.installations.map((x) => (
          <li key={x.id}>
            S/N {x.serialNumber}: {formatDate(x.installedOn)} to {formatDate(x.removedOn, 'now')}
            {x.removalReason ? <span className="text-slate-700"> · {x.removalReason}</span> : null}
            {x.setPressureReason ? (
              <span className="block text-sm text-slate-700">Other set accepted: {x.setPressureReason}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
