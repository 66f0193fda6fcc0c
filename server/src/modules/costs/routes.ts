import { costPeriodQuery, costReport, costReportQuery, valveCosts, workOrderCost } from '@common/schemas/costs';
import { errorBody, idParams } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertValveExists } from '../valves';
import { assertWorkOrderExists } from '../work-orders';
import { type CostLines, costOfWorkOrder, costReport as readCostReport, valveCosts as readValveCosts } from './service';

const tags = ['costs'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * What maintenance cost (issue 33, docs/decisions/111): a work order's, a valve's over a period, and the report by
 * plant, valve, type or maker. `lines`: the ledger domains' cost lines (app.ts), so this module reads their rows
 * only through what they export.
 */
export const costRoutes: FastifyPluginAsyncZod<{ lines: CostLines }> = async (app, { lines }) => {
  app.get(
    '/api/work-orders/:id/cost',
    {
      schema: {
        tags,
        summary: 'A work order’s cost: parts issued less returned, hours worked, contractors’ invoices, the total',
        params: idParams,
        response: { 200: workOrderCost, ...errors },
      },
    },
    async (request) => {
      await assertWorkOrderExists(app.db, request.scope, request.params.id);
      return costOfWorkOrder(app.db, lines, request.scope, request.params.id);
    },
  );

  app.get(
    '/api/valves/:id/costs',
    {
      config: { replicaRead: true },
      schema: {
        tags,
        summary: 'A valve’s maintenance cost between from and to (days; the last twelve months by default), by month',
        params: idParams,
        querystring: costPeriodQuery,
        response: { 200: valveCosts, ...errors },
      },
    },
    async (request) => {
      await assertValveExists(request.reader, request.scope, request.params.id);
      return readValveCosts(request.reader, lines, request.scope, request.params.id, request.query);
    },
  );

  app.get(
    '/api/reports/costs',
    {
      config: { replicaRead: true, permission: 'costs:report' },
      schema: {
        tags,
        summary: 'Maintenance cost between from and to, grouped by plant, valve, type or manufacturer, and by month',
        querystring: costReportQuery,
        response: { 200: costReport, ...errors },
      },
    },
    async (request) => readCostReport(request.reader, lines, request.scope, request.query),
  );
};
