import { benchmarkList, systemHealth as systemHealthSchema } from '@common/schemas/performance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BenchReportFile } from './bench-report';
import { liveBenchmarks, orderBenchmarks, systemHealth } from './service';

/**
 * Spec §7: GET /api/performance/system-health and /benchmarks, for any signed-in user. The figures are about
 * the server, not an organization's data, so there is nothing to scope.
 */
export const performanceRoutes: FastifyPluginAsyncZod<{ benchReport?: string }> = async (app, options) => {
  const benchReport = new BenchReportFile(options.benchReport, (message) => app.log.warn(message));

  app.get('/api/performance/system-health', { schema: { response: { 200: systemHealthSchema } } }, async () =>
    systemHealth(app.db, app.metrics),
  );

  app.get('/api/performance/benchmarks', { schema: { response: { 200: benchmarkList } } }, async () =>
    orderBenchmarks([...liveBenchmarks(app.metrics), ...(await benchReport.benchmarks())]),
  );
};
