import { idParams } from '@common/schemas/params';
import {
  installBody,
  reliefTag,
  reliefTagBody,
  reliefTagDetail,
  reliefTagQuery,
  reliefTagUpdateBody,
  removeBody,
} from '@common/schemas/relief-valves';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/session';
import { checkPlantName } from '../plants';
import { tagSheetFile } from './certificate';
import { createTag, installDevice, removeDevice } from './commands';
import { updateTag } from './edit-commands';
import { BASE, errors, tags } from './route-common';
import { listTags, readTagDetail } from './service';

/** Tags: the due list, a position, its tag sheet, install and remove. */
export const reliefTagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/tags`,
    {
      schema: {
        tags,
        summary: 'The due list: relief valve tags, soonest due first, by plant, month due or valve',
        querystring: reliefTagQuery,
        response: { 200: z.array(reliefTag), ...errors },
      },
    },
    async (request) => {
      const found = await listTags(app.db, request.scope, request.query);
      // An empty list may be a plant the organization lacks: a 400 listing its plants then (issue 30).
      if (!found.length && request.query.plant) {
        await checkPlantName(app.db, request.scope.organizationId, request.query.plant, {
          where: 'query',
          active: false,
        });
      }
      return found;
    },
  );

  app.post(
    `${BASE}/tags`,
    {
      config: { transaction: true, permission: 'valves:edit' },
      schema: {
        tags,
        summary: 'Add a relief valve position',
        body: reliefTagBody,
        response: { 201: reliefTag, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createTag(request.db, request.scope, request.body)),
  );

  app.get(
    `${BASE}/tags/:id`,
    {
      schema: {
        tags,
        summary: 'A tag with its installations and the tests filed under it',
        params: idParams,
        response: { 200: reliefTagDetail, ...errors },
      },
    },
    async (request) => readTagDetail(app.db, request.scope, request.params.id),
  );

  app.patch(
    `${BASE}/tags/:id`,
    {
      config: { transaction: true, permission: 'valves:edit' },
      schema: {
        tags,
        summary: 'Edit a position: its name, valve record, service and interval (send its version; a stale one is 409)',
        params: idParams,
        body: reliefTagUpdateBody,
        response: { 200: reliefTag, ...errors },
      },
    },
    async (request) => updateTag(request.db, request.scope, request.params.id, request.body),
  );

  app.get(
    `${BASE}/tags/:id/sheet.pdf`,
    { schema: { tags, summary: 'The tag sheet to hang on the valve', params: idParams } },
    async (request, reply) => {
      const { fileName, pdf } = await tagSheetFile(app.db, request.scope, request.params.id);
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return reply.type('application/pdf').send(pdf);
    },
  );

  app.post(
    `${BASE}/tags/:id/install`,
    {
      config: { transaction: true, permission: 'relief-valves:test' },
      schema: {
        tags,
        summary: 'Install a spare on the tag; a valve already there is removed that day with the reason given (a swap)',
        params: idParams,
        body: installBody,
        response: { 200: reliefTagDetail, ...errors },
      },
    },
    async (request) => installDevice(request.db, request.scope, signedInUser(request), request.params.id, request.body),
  );

  app.post(
    `${BASE}/tags/:id/remove`,
    {
      config: { transaction: true, permission: 'relief-valves:test' },
      schema: {
        tags,
        summary: 'Take the valve off the tag, saying why',
        params: idParams,
        body: removeBody,
        response: { 200: reliefTagDetail, ...errors },
      },
    },
    async (request) => removeDevice(request.db, request.scope, signedInUser(request), request.params.id, request.body),
  );
};
