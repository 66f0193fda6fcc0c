import { markReadResult, notificationList } from '@common/schemas/notifications';
import { errorBody, idParams } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/session';
import { listNotifications, markRead } from './service';

/** The bell (issue 17 item 8): each person's own notifications; the sweep job (sweep.ts) writes them from the records. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's newest notifications and how many are unread",
        response: { 200: notificationList, 401: errorBody },
      },
    },
    async (request) => listNotifications(app.db, signedInUser(request).id),
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
