import { idParams } from '@common/schemas/params';
import {
  reliefDevice,
  reliefDeviceBody,
  reliefDeviceDetail,
  reliefDeviceQuery,
  reliefDeviceUpdateBody,
} from '@common/schemas/relief-valves';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createDevice } from './commands';
import { updateDevice } from './edit-commands';
import { BASE, errors, tags } from './route-common';
import { listDevices, readDeviceDetail } from './service';

/** Devices: the serial-numbered valves. */
export const reliefDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/devices`,
    {
      schema: {
        tags,
        summary: 'Relief valves by serial number; spare=true for those on no tag',
        querystring: reliefDeviceQuery,
        response: { 200: z.array(reliefDevice), ...errors },
      },
    },
    async (request) =>
      listDevices(app.db, request.scope, {
        spare: request.query.spare === undefined ? undefined : request.query.spare === 'true',
      }),
  );

  app.post(
    `${BASE}/devices`,
    {
      config: { transaction: true, permission: 'valves:edit' },
      schema: {
        tags,
        summary: 'Add a relief valve',
        body: reliefDeviceBody,
        response: { 201: reliefDeviceDetail, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createDevice(request.db, request.scope, request.body)),
  );

  app.get(
    `${BASE}/devices/:id`,
    {
      schema: {
        tags,
        summary: 'A relief valve with the tags it served and its own tests',
        params: idParams,
        response: { 200: reliefDeviceDetail, ...errors },
      },
    },
    async (request) => readDeviceDetail(app.db, request.scope, request.params.id),
  );

  app.patch(
    `${BASE}/devices/:id`,
    {
      config: { transaction: true, permission: 'valves:edit' },
      schema: {
        tags,
        summary:
          "Edit a relief valve's nameplate data; its set changes only by an accepted nameplate (send its version)",
        params: idParams,
        body: reliefDeviceUpdateBody,
        response: { 200: reliefDeviceDetail, ...errors },
      },
    },
    async (request) => updateDevice(request.db, request.scope, request.params.id, request.body),
  );
};
