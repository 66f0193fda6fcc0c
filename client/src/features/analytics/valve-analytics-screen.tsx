import { TEXTS } from '@common/texts';
import { ArrowLeft, ClipboardPlus, Lightbulb, MapPin } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { parseRouteId } from '@/lib/route-id';
import { useCan } from '@/lib/session/use-can';
import { workOrderDraftPath } from '@/lib/work-order-draft';
import { urgentWorkOrder } from './analytics-format';
import { useValveAnalytics } from './api/get-valve-analytics';
import { useRunAnalysis } from './api/run-analysis';
import { AnalyticsAlert } from './components/analytics-alert';
import { AnomalyList } from './components/anomaly-list';
import { CenteredSpinner } from './components/centered-spinner';
import { RunAnalysisButton } from './components/run-analysis-button';
import { SensorCharts } from './components/sensor-charts';
import { ValvePerformance } from './components/valve-performance';
import { ValveScoreCards } from './components/valve-score-cards';
import { ValveTrends } from './components/valve-trends';
import { ConditionSection } from './condition-section';
import { ANALYTICS_SCREEN_TEXTS as T } from './texts';

const V = TEXTS.analytics.valve;
const TAB_NAMES = ['sensors', 'trends', 'performance', 'anomalies'];

function BackLink() {
  return (
    <Link
      to="/analytics"
      className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-semibold text-brand-700 hover:bg-slate-200"
    >
      <ArrowLeft className="size-5" aria-hidden="true" />
      {V.back}
    </Link>
  );
}

/** Spec §2.13, at /analytics/:id and /valves/:id/analytics. */
export function ValveAnalyticsScreen() {
  const id = parseRouteId(useParams().id);
  if (id === null) {
    return (
      <>
        <BackLink />
        <div className="mt-4">
          <AnalyticsAlert message={V.error} />
        </div>
      </>
    );
  }
  return <ValveAnalytics id={id} />;
}

function ValveAnalytics({ id }: { id: number }) {
  const { data: analytics, error, isPending, refetch } = useValveAnalytics(id);
  const runAnalysis = useRunAnalysis();
  const canCreate = useCan('work-orders:create');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = requested && TAB_NAMES.includes(requested) ? requested : 'sensors';
  const showTab = (next: string) =>
    setSearchParams(next === 'sensors' ? {} : { tab: next }, { replace: true, preventScrollReset: true });

  if (isPending) {
    return (
      <>
        <BackLink />
        <CenteredSpinner label={T.loadingValve} />
      </>
    );
  }
  if (error || !analytics) {
    return (
      <>
        <BackLink />
        <div className="mt-4">
          <AnalyticsAlert message={V.error} onRetry={() => refetch()} />
        </div>
      </>
    );
  }

  const predictive = analytics.predictiveAnalytics;
  const urgent = predictive && canCreate ? urgentWorkOrder(analytics.valveId, predictive) : null;
  return (
    <>
      <title>{`${V.title(analytics.valveId)} · ValveOps`}</title>
      <BackLink />
      <header className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{V.title(analytics.valveId)}</h1>
          <p className="mt-1 flex items-start gap-1.5 text-base text-slate-700">
            <MapPin className="mt-1 size-4 shrink-0" aria-hidden="true" />
            <span>
              {analytics.location} • {analytics.plant}
            </span>
          </p>
          <Link
            to={`/valves/${analytics.id}`}
            className="mt-1 inline-flex min-h-11 items-center text-brand-700 underline"
          >
            {T.openValve}
          </Link>
        </div>
        <RunAnalysisButton running={runAnalysis.isPending} onRun={() => runAnalysis.mutate(analytics.id)} />
      </header>

      <ValveScoreCards predictive={predictive} />

      {predictive?.recommendedAction ? (
        <div role="alert" className="mt-4 flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4">
          <Lightbulb className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{V.recommendedAction}</p>
            <p className="mt-1 text-base break-words text-slate-800">{predictive.recommendedAction}</p>
            {urgent ? (
              <Link to={workOrderDraftPath(analytics.id, urgent)} className={buttonClasses('danger', 'md', 'mt-3')}>
                <ClipboardPlus className="size-5 shrink-0" aria-hidden="true" />
                Raise High-Priority Work Order
              </Link>
            ) : null}
          </div>
        </div>
      ) : null}

      <Tabs value={tab} onValueChange={showTab} className="mt-6">
        <TabsList aria-label="Valve analytics views" className="grid grid-cols-2 sm:flex">
          <TabsTrigger value="sensors">{V.tabs.sensors}</TabsTrigger>
          <TabsTrigger value="trends">{V.tabs.trends}</TabsTrigger>
          <TabsTrigger value="performance">{V.tabs.performance}</TabsTrigger>
          <TabsTrigger value="anomalies">{V.tabs.anomalies}</TabsTrigger>
        </TabsList>
        <TabsContent value="sensors">
          <SensorCharts readings={analytics.sensorReadings} />
        </TabsContent>
        <TabsContent value="trends">
          <ValveTrends trends={predictive?.trends} />
        </TabsContent>
        <TabsContent value="performance">
          <ValvePerformance metrics={analytics.performanceMetrics} />
        </TabsContent>
        <TabsContent value="anomalies">
          <AnomalyList anomalies={predictive?.anomalies ?? []} />
        </TabsContent>
      </Tabs>

      <ConditionSection valveId={analytics.id} />
    </>
  );
}
