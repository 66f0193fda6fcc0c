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
import { errorBody, idParams } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

  app.post(
    '/api/alarms/:id/acknowledge',
    {
      config: { permission: 'alarms:acknowledge' },
      schema: { tags, summary: 'Acknowledge an alarm', params: idParams, response: { 200: alarm, ...errors } },
    },
    async (request) => {
      await acknowledgeAlarm(app.db, request.scope, signedInUser(request), request.params.id);
      return readAlarm(app.db, request.scope, request.params.id);
    },
  );

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
    '/api/alarms/:id/unshelve',
    {
      config: { permission: 'alarms:shelve' },
      schema: { tags, summary: 'Take an alarm off the shelf', params: idParams, response: { 200: alarm, ...errors } },
    },
    async (request) => {
      await unshelveAlarm(app.db, request.scope, signedInUser(request), request.params.id);
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
      schema: {
        tags,
        summary: 'Alarm performance per plant for a week, as ISA-18.2 measures it',
        querystring: alarmPerformanceQuery,
        response: { 200: alarmPerformance, ...errors },
      },
    },
    async (request) => alarmPerformanceOf(app.db, request.scope, request.query),
  );

  app.get(
    '/api/alarms/performance.csv',
    {
      schema: {
        tags,
        summary: 'The week’s alarm performance per plant as CSV',
        querystring: alarmPerformanceQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const performance = await alarmPerformanceOf(app.db, request.scope, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="alarm-performance-${performance.week}.csv"`)
        .send(alarmPerformanceCsv(performance));
    },
  );
};
