import { TEXTS } from '@common/texts';
import type { UseQueryResult } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCan } from '@/lib/session/use-can';
import { useAnalyticsDashboard } from './api/get-analytics-dashboard';
import { usePerformanceMetrics } from './api/get-performance-metrics';
import { usePredictive } from './api/get-predictive';
import { useDashboardSensorReadings } from './api/get-sensor-readings';
import { useRunAnalysis } from './api/run-analysis';
import { AnalyticsAlert } from './components/analytics-alert';
import { CenteredSpinner } from './components/centered-spinner';
import { HealthScoresChart } from './components/health-scores-chart';
import { PerformanceList } from './components/performance-list';
import { RiskCards } from './components/risk-cards';
import { RunAnalysisButton } from './components/run-analysis-button';
import { SummaryCards } from './components/summary-cards';
import { TrendsChart } from './components/trends-chart';
import { UpcomingMaintenance } from './components/upcoming-maintenance';
import { ANALYTICS_SCREEN_TEXTS as T } from './texts';
import { valveToAnalyse } from './valve-to-analyse';

const TAB_NAMES = ['trends', 'health-scores', 'performance', 'maintenance'];

/** A tab's content, or what went wrong with its read (spec §8 leaves the three secondary reads' failure open). */
function TabData<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.error) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  return query.data === undefined ? null : children(query.data);
}

/** Spec §2.12. */
export function AnalyticsDashboardScreen() {
  const summary = useAnalyticsDashboard();
  const readings = useDashboardSensorReadings();
  const predictive = usePredictive();
  const performance = usePerformanceMetrics();
  const runAnalysis = useRunAnalysis();
  const canImport = useCan('readings:write');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = requested && TAB_NAMES.includes(requested) ? requested : 'trends';
  const showTab = (next: string) =>
    setSearchParams(next === 'trends' ? {} : { tab: next }, { replace: true, preventScrollReset: true });

  const target = valveToAnalyse(readings.data, predictive.data, summary.data);
  const header = (
    <PageHeader
      title={TEXTS.analytics.title}
      action={
        // Side by side even at 360 px: the two buttons share the row, a little tighter than on a desktop.
        <div className={canImport ? 'grid w-full grid-cols-2 items-start gap-2 sm:flex sm:w-auto' : undefined}>
          {canImport ? (
            <Link
              to="/analytics/import"
              className={buttonClasses('outline', 'md', 'gap-1.5 px-2 text-sm sm:px-4 sm:text-base')}
            >
              <FileUp className="size-4 shrink-0 sm:size-5" aria-hidden="true" />
              {T.importReadings}
            </Link>
          ) : null}
          <RunAnalysisButton
            compact={canImport}
            running={runAnalysis.isPending}
            disabled={target === undefined}
            onRun={() => target !== undefined && runAnalysis.mutate(target)}
          />
        </div>
      }
    />
  );

  // Spec §4: loading until all four reads finish.
  if ([summary, readings, predictive, performance].some((query) => query.isPending)) {
    return (
      <>
        <title>{`${TEXTS.analytics.title} · ValveOps`}</title>
        {header}
        <CenteredSpinner label={T.loadingDashboard} />
      </>
    );
  }

  const tabs = TEXTS.analytics.tabs;
  return (
    <>
      <title>{`${TEXTS.analytics.title} · ValveOps`}</title>
      {header}
      {summary.data ? (
        <>
          <SummaryCards summary={summary.data} />
          <RiskCards summary={summary.data} />
        </>
      ) : (
        <AnalyticsAlert message={TEXTS.analytics.dashboardError} onRetry={() => summary.refetch()} />
      )}
      <Tabs value={tab} onValueChange={showTab} className="mt-6">
        {/* Four tabs do not fit one row at 360 px: two rows of two, every label whole. */}
        <TabsList aria-label="Analytics views" className="grid grid-cols-2 sm:flex">
          <TabsTrigger value="trends">{tabs.trends}</TabsTrigger>
          <TabsTrigger value="health-scores">{tabs.healthScores}</TabsTrigger>
          <TabsTrigger value="performance">{tabs.performance}</TabsTrigger>
          <TabsTrigger value="maintenance">{tabs.maintenance}</TabsTrigger>
        </TabsList>
        <TabsContent value="trends">
          <TabData query={readings}>{(data) => <TrendsChart readings={data} />}</TabData>
        </TabsContent>
        <TabsContent value="health-scores">
          <TabData query={predictive}>{(data) => <HealthScoresChart predictive={data} />}</TabData>
        </TabsContent>
        <TabsContent value="performance">
          <TabData query={performance}>
            {(data) => <PerformanceList metrics={data} showAll={searchParams.get('all') === '1'} />}
          </TabData>
        </TabsContent>
        <TabsContent value="maintenance">
          {summary.data ? <UpcomingMaintenance items={summary.data.upcomingMaintenance} /> : null}
        </TabsContent>
      </Tabs>
    </>
  );
}
