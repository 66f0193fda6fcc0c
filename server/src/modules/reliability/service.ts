import type {
  BadActorQuery,
  ReliabilityGroup,
  ReliabilityGroupQuery,
  ReliabilityGroups,
  ReliabilityQuery,
  ValveFailure,
  ValveReliability,
} from '@common/schemas/reliability';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { groupBy } from '../../lib/group-by';
import { type Scope, valvesAliasInScope } from '../../lib/scope';
import { type CostsOf, periodOf } from '../costs';
import { currencyOf } from '../parts';
import { assertValveExists } from '../valves';
import { codeBookOf, labelOf } from './codes';
import { reportOf, reportsOf } from './failure-reports';
import {
  byBadness,
  type FailureFact,
  groupFigures,
  hoursBetween,
  round2,
  type Span,
  type ValveFigures,
  valveFigures,
} from './figures';

const DAY = 86_400_000;

/** The period (the cost report's: days inclusive, the last twelve months unless given) as instants, never past now. */
function windowOf(query: { from?: string; to?: string }, now = new Date()) {
  const { from, to } = periodOf(query, now);
  const span: Span = {
    start: Date.parse(`${from}T00:00:00Z`),
    end: Math.min(Date.parse(`${to}T00:00:00Z`) + DAY, now.getTime()),
  };
  return { from, to, span };
}

type Filters = Pick<ReliabilityQuery, 'plant' | 'type' | 'manufacturer' | 'model'>;

/** The valves of the scope the filters name (each filter matched whole, any case). */
function valvesWhere(scope: Scope, filters: Filters): SQL {
  const parts = [valvesAliasInScope('v', scope)];
  for (const [column, value] of [
    ['plant', filters.plant],
    ['type', filters.type],
    ['manufacturer', filters.manufacturer],
    ['model', filters.model],
  ] as const) {
    if (value) parts.push(sql`lower(${sql.raw(`v.${column}`)}) = lower(${value})`);
  }
  return sql.join(parts, sql` and `);
}

type ValveRow = {
  id: number;
  valve_id: string;
  type: string;
  size: string;
  pressure: string;
  plant: string;
  area: string;
  location: string;
  system: string;
  manufacturer: string;
  model: string;
  in_service_from: string | Date;
};
type FailureRow = {
  work_order_id: number;
  valve_id: number;
  failed_at: string | Date;
  mode: string;
  returned_at: string | Date | null;
};
type DowntimeRow = { valve_id: number; started_at: string | Date; ended_at: string | Date };

const ms = (value: string | Date) => new Date(value).getTime();

/** Each valve of the filters with its figures in the window, in the valves' order of tags. */
async function figuresOfValves(db: Database, scope: Scope, costsOf: CostsOf, query: ReliabilityQuery) {
  const { from, to, span } = windowOf(query);
  const where = valvesWhere(scope, query);
  const start = new Date(span.start);
  const end = new Date(span.end);
  // The failures of the window, inside the filters: read as facts, and (as a statement) the orders whose cost counts.
  const failuresInWindow = sql`from work_order_failures f
    join work_orders w on w.id = f.work_order_id
    join valves v on v.id = f.valve_id
    where ${where} and w.status <> 'cancelled' and f.failed_at >= ${start} and f.failed_at < ${end}`;
  const [valveRows, failureRows, downtimeRows, book, currency, costs] = await Promise.all([
    rowsOf<ValveRow>(
      db,
      sql`select v.id, v.valve_id, v.type, v.size, v.pressure, v.plant, v.area, v.location, v.system,
          v.manufacturer, v.model,
          least(v.created_at, f.first, d.first) as in_service_from
        from valves v
        left join (select valve_id, min(failed_at) as first from work_order_failures
          where organization_id = ${scope.organizationId} group by valve_id) f on f.valve_id = v.id
        left join (select valve_id, min(started_at) as first from downtime_periods
          where organization_id = ${scope.organizationId} group by valve_id) d on d.valve_id = v.id
        where ${where} order by v.valve_id, v.id`,
    ),
    rowsOf<FailureRow>(
      db,
      sql`select f.work_order_id, f.valve_id, f.failed_at, f.mode,
          coalesce((select max(d.ended_at) from downtime_periods d where d.work_order_id = f.work_order_id),
            w.completed_at) as returned_at
        ${failuresInWindow}`,
    ),
    rowsOf<DowntimeRow>(
      db,
      sql`select d.valve_id, d.started_at, d.ended_at
        from downtime_periods d
        join work_orders w on w.id = d.work_order_id
        join valves v on v.id = d.valve_id
        where ${where} and w.status <> 'cancelled' and d.started_at < ${end} and d.ended_at > ${start}`,
    ),
    codeBookOf(db, scope.organizationId),
    currencyOf(db, scope.organizationId),
    costsOf(db, scope, sql`select f.work_order_id ${failuresInWindow}`),
  ]);
  const failuresOf = groupBy(failureRows, (f) => f.valve_id);
  const downtimeOf = groupBy(downtimeRows, (d) => d.valve_id);
  const valves = valveRows.map((v) => {
    const failures: FailureFact[] = (failuresOf.get(v.id) ?? []).map((f) => ({
      workOrderId: f.work_order_id,
      failedAt: ms(f.failed_at),
      returnedAt: f.returned_at === null ? null : ms(f.returned_at),
      mode: f.mode,
    }));
    const figures = valveFigures(
      {
        inServiceFrom: ms(v.in_service_from),
        failures,
        downtime: (downtimeOf.get(v.id) ?? []).map((d) => ({ start: ms(d.started_at), end: ms(d.ended_at) })),
        costOf: (id) => costs.get(id)?.total ?? 0,
      },
      span,
    );
    return { valve: v, figures, failures };
  });
  return { from, to, currency, book, valves };
}

type Figured = Awaited<ReturnType<typeof figuresOfValves>>;

function valveRow(
  { valve: v, figures }: Figured['valves'][number],
  book: Figured['book'],
  currency: string,
): ValveReliability {
  return {
    valveId: v.id,
    valve: {
      id: v.id,
      valveId: v.valve_id,
      type: v.type,
      size: v.size,
      pressure: v.pressure,
      plant: v.plant,
      area: v.area,
      location: v.location,
      system: v.system,
      manufacturer: v.manufacturer,
      model: v.model,
    },
    failures: figures.failures,
    operatingHours: figures.operatingHours,
    mtbfHours: figures.mtbfHours,
    mttrHours: figures.mttrHours,
    downtimeHours: figures.downtimeHours,
    cost: figures.cost,
    currency,
    lastFailureAt: figures.lastFailureAt === null ? null : new Date(figures.lastFailureAt).toISOString(),
    topMode: figures.topMode,
    topModeLabel: labelOf(book, 'mode', figures.topMode),
  };
}

/** GET /api/reliability/valves: every valve of the filters, failed or not, by tag. */
export async function reliabilityOfValves(db: Database, scope: Scope, costsOf: CostsOf, query: ReliabilityQuery) {
  const { book, currency, valves } = await figuresOfValves(db, scope, costsOf, query);
  return valves.map((v) => valveRow(v, book, currency));
}

/** GET /api/reliability/bad-actors: the valves that failed, worst first (most failures, then cost, then downtime). */
export async function badActors(
  db: Database,
  scope: Scope,
  costsOf: CostsOf,
  query: Omit<BadActorQuery, 'limit'> & { limit?: number },
) {
  const { book, currency, valves } = await figuresOfValves(db, scope, costsOf, query);
  // Ranked on the figures, and only the ones kept made into rows: most of a plant's valves did not fail.
  const failed = valves
    .filter((v) => v.figures.failures > 0)
    .sort((a, b) => byBadness({ ...a.figures, tag: a.valve.valve_id }, { ...b.figures, tag: b.valve.valve_id }));
  return failed.slice(0, query.limit ?? failed.length).map((v) => valveRow(v, book, currency));
}

const GROUP_KEY: Record<ReliabilityGroup, (v: ValveRow) => string> = {
  plant: (v) => v.plant,
  area: (v) => `${v.plant} / ${v.area}`,
  system: (v) => `${v.plant} / ${v.area} / ${v.system}`,
  type: (v) => v.type,
  manufacturer: (v) => v.manufacturer,
  model: (v) => `${v.manufacturer} ${v.model}`,
};

/** GET /api/reliability/groups: the valves rolled up by a level of the plant tree, type, maker or model. */
export async function reliabilityGroups(
  db: Database,
  scope: Scope,
  costsOf: CostsOf,
  query: ReliabilityGroupQuery,
): Promise<ReliabilityGroups> {
  const level = query.groupBy ?? 'plant';
  const { from, to, currency, book, valves } = await figuresOfValves(db, scope, costsOf, query);
  const groups = groupBy(valves, (v) => GROUP_KEY[level](v.valve));
  const rows = [...groups].map(([key, members]) => {
    const modes = new Map<string, number>();
    for (const f of members.flatMap((m) => m.failures)) modes.set(f.mode, (modes.get(f.mode) ?? 0) + 1);
    return {
      key,
      ...groupFigures(members.map((m): ValveFigures => m.figures)),
      modes: [...modes]
        .map(([code, count]) => ({ code, label: labelOf(book, 'mode', code) ?? code, count }))
        .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
    };
  });
  rows.sort(
    (a, b) => b.failures - a.failures || b.failuresPerValveYear - a.failuresPerValveYear || a.key.localeCompare(b.key),
  );
  return { from, to, groupBy: level, currency, rows };
}

/** GET /api/valves/:id/failures: the valve's failure reports, newest first, each with its repair and downtime. */
export async function failuresOfValve(
  db: Database,
  scope: Scope,
  costsOf: CostsOf,
  valveId: number,
): Promise<ValveFailure[]> {
  await assertValveExists(db, scope, valveId);
  const rows = await rowsOf<{
    work_order_id: number;
    number: string;
    title: string;
    returned_at: string | Date | null;
    downtime_hours: string | number;
  }>(
    db,
    sql`select f.work_order_id, w.work_order_id as number, w.title,
        coalesce((select max(d.ended_at) from downtime_periods d where d.work_order_id = f.work_order_id),
          w.completed_at) as returned_at,
        coalesce((select sum(extract(epoch from d.ended_at - d.started_at)) / 3600 from downtime_periods d
          where d.work_order_id = f.work_order_id), 0) as downtime_hours
      from work_order_failures f join work_orders w on w.id = f.work_order_id
      where f.valve_id = ${valveId} and f.organization_id = ${scope.organizationId}
      order by f.failed_at desc, f.work_order_id desc`,
  );
  if (!rows.length) return [];
  const [book, costs] = await Promise.all([
    codeBookOf(db, scope.organizationId),
    costsOf(
      db,
      scope,
      rows.map((r) => r.work_order_id),
    ),
  ]);
  const reports = await reportsOf(
    db,
    rows.map((r) => r.work_order_id),
  );
  return rows.flatMap((r) => {
    const stored = reports.get(r.work_order_id);
    if (!stored) return [];
    const report = reportOf(book, stored);
    const returnedAt = r.returned_at === null ? null : new Date(r.returned_at);
    return [
      {
        ...report,
        workOrder: { id: r.work_order_id, workOrderId: r.number, title: r.title },
        returnedAt: returnedAt?.toISOString() ?? null,
        repairHours: returnedAt ? round2(hoursBetween(Date.parse(report.failedAt), returnedAt.getTime())) : null,
        downtimeHours: round2(Number(r.downtime_hours)),
        cost: costs.get(r.work_order_id)?.total ?? 0,
      },
    ];
  });
}
