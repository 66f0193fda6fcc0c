import type { Action } from '@common/permissions';
import {
  alarm,
  alarmList,
  alarmListQuery,
  alarmPerformance,
  alarmPerformanceQuery,
  alarmWorkOrder,
  alarmWorkOrderBody,
  shelveAlarmBody,
} from '@common/schemas/alarms';
import type { SessionUser } from '@common/schemas/auth';
import { errorBody, idParams } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Scope } from '../../lib/scope';
import { signedInUser } from '../../plugins/session';
import { acknowledgeAlarm, raiseAlarmWorkOrder, shelveAlarm, unshelveAlarm } from './commands';
import { alarmPerformanceCsv, alarmPerformanceOf } from './performance-read';
import { listAlarms, readAlarm } from './service';

const tags = ['alarms'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Alarms (issue 35; common/schemas/alarms.ts, docs/decisions/114-alarms.md): the list, its actions, its figures. */
export const alarmRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/alarms',
    {
      schema: {
        tags,
        summary: 'Alarms in the control room’s order: unacknowledged first, then by priority, then newest',
        querystring: alarmListQuery,
        response: { 200: alarmList, ...errors },
      },
    },
    async (request) => listAlarms(app.db, request.scope, request.query),
  );

  /** An act on one alarm that answers the alarm as it then is. */
  const act = (
    path: string,
    permission: Action,
    summary: string,
    run: (db: Database, scope: Scope, actor: SessionUser, id: number) => Promise<void>,
  ) =>
    app.post(
      `/api/alarms/:id/${path}`,
      { config: { permission }, schema: { tags, summary, params: idParams, response: { 200: alarm, ...errors } } },
      async (request) => {
        await run(app.db, request.scope, signedInUser(request), request.params.id);
        return readAlarm(app.db, request.scope, request.params.id);
      },
    );
  act('acknowledge', 'alarms:acknowledge', 'Acknowledge an alarm', acknowledgeAlarm);
  act('unshelve', 'alarms:shelve', 'Take an alarm off the shelf', unshelveAlarm);

  app.post(
    '/api/alarms/:id/shelve',
    {
      config: { permission: 'alarms:shelve' },
      schema: {
        tags,
        summary: 'Shelve an alarm for a stated time, with a reason: it comes back by itself when the time is up',
        params: idParams,
        body: shelveAlarmBody,
        response: { 200: alarm, ...errors },
      },
    },
    async (request) => {
      await shelveAlarm(app.db, request.scope, signedInUser(request), request.params.id, request.body);
      return readAlarm(app.db, request.scope, request.params.id);
    },
  );

  app.post(
    '/api/alarms/:id/work-order',
    {
      config: { permission: 'work-orders:create' },
      schema: {
        tags,
        summary: 'Raise a corrective work order from an alarm in one tap; the alarm is linked to it',
        params: idParams,
        body: alarmWorkOrderBody.default({}),
        response: { 201: alarmWorkOrder, ...errors },
      },
    },
    async (request, reply) => {
      const workOrder = await raiseAlarmWorkOrder(
        app.db,
        request.scope,
        signedInUser(request),
        request.params.id,
        request.body ?? {},
      );
      return reply.status(201).send({ alarm: await readAlarm(app.db, request.scope, request.params.id), workOrder });
    },
  );

  app.get(
    '/api/alarms/performance',
    {
      config: { replicaRead: true },
      schema: {
        tags,
        summary: 'Alarm performance per plant for a week, as ISA-18.2 measures it',
        querystring: alarmPerformanceQuery,
        response: { 200: alarmPerformance, ...errors },
      },
    },
    async (request) => alarmPerformanceOf(request.reader, request.scope, request.query),
  );

  app.get(
    '/api/alarms/performance.csv',
    {
      config: { replicaRead: true },
      schema: {
        tags,
        summary: 'The week’s alarm performance per plant as CSV',
        querystring: alarmPerformanceQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const performance = await alarmPerformanceOf(request.reader, request.scope, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="alarm-performance-${performance.week}.csv"`)
        .send(alarmPerformanceCsv(performance));
    },
  );
};
