import { useParams } from 'react-router';
import { Skeletons } from '@/components/ui/skeleton';
import { useRequestLabel } from './api/public-requests';
import { PublicCard, PublicLayout } from './components/public-layout';
import { PublicProblem } from './components/public-problem';
import { PublicRequestForm } from './components/public-request-form';
import { REQUEST_TEXTS } from './texts';

const T = REQUEST_TEXTS.public;

/**
 * /r/:token, the page of a valve's request QR (issue 34): anyone on the plant, signed in or not, reports a problem
 * at that valve. It shows the valve's tag (printed on the label anyway) and nothing else of the plant.
 */
export function PublicRequestScreen() {
  const token = useParams().token ?? '';
  const label = useRequestLabel(token);
  const title = label.data ? T.title(label.data.valveTag) : REQUEST_TEXTS.triage.title;

  return (
    <PublicLayout title={title}>
      <PublicCard>
        {label.isPending ? (
          <Skeletons count={3} label={T.loading} itemClassName="h-16" />
        ) : label.error ? (
          <PublicProblem
            error={label.error}
            unknown={{ title: T.unknownLabel, detail: T.unknownLabelDetail }}
            onRetry={() => label.refetch()}
          />
        ) : (
          <>
            <div>
              <h1 className="text-2xl font-bold break-words text-slate-900">{title}</h1>
              <p className="mt-1 text-base text-slate-700">{T.intro}</p>
            </div>
            <PublicRequestForm token={token} />
          </>
        )}
      </PublicCard>
    </PublicLayout>
  );
}
