import { z } from 'zod';
import { calendarDate } from './fields';
import { isoDate } from './params';

/*
 * What maintenance cost (issue 33, docs/decisions/111-labor-and-costs.md). PUBLIC CONTRACT: GET /api/work-orders/:id
 * gains `cost: { parts, labor, contractor, total, currency }`; GET /api/valves/:id/costs?from&to and GET
 * /api/reports/costs?from&to&groupBy=plant|valve|type|manufacturer.
 */

/** A cost split as the ledger keeps it, in the organization's currency. */
export const costSplit = z.object({
  parts: z.number(),
  labor: z.number(),
  contractor: z.number(),
  total: z.number(),
});
export type CostSplit = z.infer<typeof costSplit>;

export const workOrderCost = costSplit.extend({ currency: z.string() });
export type WorkOrderCost = z.infer<typeof workOrderCost>;

/** A month's costs ("2026-03"), by the day each was spent: parts issued, hours worked, invoices logged. */
export const monthCost = costSplit.extend({ month: z.string() });
export type MonthCost = z.infer<typeof monthCost>;

const inOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;

/** The period, days inclusive; the last twelve months up to today when left out. */
export const costPeriodQuery = z
  .object({ from: calendarDate.optional(), to: calendarDate.optional() })
  .refine(inOrder, { path: ['to'], error: 'must not be before from' });
export type CostPeriodQuery = z.infer<typeof costPeriodQuery>;

export const valveCosts = costSplit.extend({
  valveId: z.number(),
  from: isoDate,
  to: isoDate,
  currency: z.string(),
  /** Work orders with any cost in the period. */
  workOrders: z.number(),
  byMonth: z.array(monthCost),
});
export type ValveCosts = z.infer<typeof valveCosts>;

export const COST_GROUPS = ['plant', 'valve', 'type', 'manufacturer'] as const;
export type CostGroup = (typeof COST_GROUPS)[number];

export const costReportQuery = z
  .object({
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    groupBy: z.enum(COST_GROUPS, { error: `must be one of: ${COST_GROUPS.join(', ')}` }).default('plant'),
  })
  .refine(inOrder, { path: ['to'], error: 'must not be before from' });
export type CostReportQuery = z.input<typeof costReportQuery>;

export const costReport = z.object({
  from: isoDate,
  to: isoDate,
  groupBy: z.enum(COST_GROUPS),
  currency: z.string(),
  /** Costliest first. `key` is what the group is (a plant's name, a valve's ID); `valveId` links a valve's row. */
  rows: z.array(costSplit.extend({ key: z.string(), valveId: z.number().nullable(), workOrders: z.number() })),
  byMonth: z.array(monthCost),
  total: costSplit,
});
export type CostReport = z.infer<typeof costReport>;
