import { markReadResult, type NotificationList, notificationList } from '@common/schemas/notifications';
import { errorBody, idParams } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JsonText } from '../../db/json';
import type { KeptBells } from '../../lib/kept-reads';
import { signedInUser } from '../../plugins/session';
import { listNotifications, markRead } from './service';

/**
 * The bell (issue 17 item 8): each person's own notifications; the sweep job (sweep.ts) writes them from the records.
 * Every phone opening /app reads it, so it comes from `kept` while the database's notices say it holds.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ kept: KeptBells<JsonText<NotificationList>> }> = async (
  app,
  { kept },
) => {
  app.get(
    '/api/notifications',
    {
      config: { answeredFromMemory: (_request, _scope, user) => kept.get(user.id) !== undefined },
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's newest notifications and how many are unread",
        response: { 200: notificationList, 401: errorBody },
      },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      const json = await kept.answer(userId, async () => ({
        json: JSON.stringify(await listNotifications(app.db, userId)) as JsonText<NotificationList>,
      }));
      return reply.sendJson(json);
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { transaction: true },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification read',
        params: idParams,
        response: { 200: markReadResult, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => markRead(request.db, signedInUser(request).id, request.params.id),
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { transaction: true },
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification of the user read',
        response: { 200: markReadResult, 401: errorBody },
      },
    },
    async (request) => markRead(request.db, signedInUser(request).id),
  );
};
