import { idParams } from '@common/schemas/params';
import {
  acceptNameplateBody,
  overrideBody,
  reliefTest,
  reliefTestBody,
  reliefTestOptions,
  reliefTestUpdateBody,
  submitBody,
} from '@common/schemas/relief-valves';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/session';
import { certificateFile } from './certificate';
import { acceptNameplate, createTest, overrideVerdict, submitTest, updateDraft } from './record-commands';
import { readTest } from './records';
import { BASE, errors, tags } from './route-common';
import { testOptions } from './shop';

/** Test records: record, read, submit, review, certificate. */
export const reliefTestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/test-options`,
    {
      schema: {
        tags,
        summary: "The certificates, the signed-in tester's qualifications, benches and gauges",
        response: { 200: reliefTestOptions },
      },
    },
    async (request) => testOptions(app.db, request.scope, signedInUser(request).id),
  );

  app.post(
    `${BASE}/tests`,
    {
      config: { transaction: true, permission: 'relief-valves:test' },
      schema: {
        tags,
        summary: 'Record a test or repair; saved as a draft, or submitted when `submit` and nothing has expired',
        body: reliefTestBody,
        response: { 201: reliefTest, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTest(request.db, request.scope, signedInUser(request), request.body)),
  );

  app.patch(
    `${BASE}/tests/:id`,
    {
      config: { transaction: true, permission: 'relief-valves:test' },
      schema: {
        tags,
        summary:
          'Edit a draft: the whole record again with its version; submitted with `submit` when nothing blocks it',
        params: idParams,
        body: reliefTestUpdateBody,
        response: { 200: reliefTest, ...errors },
      },
    },
    async (request) => updateDraft(request.db, request.scope, signedInUser(request), request.params.id, request.body),
  );

  app.get(
    `${BASE}/tests/:id`,
    {
      schema: {
        tags,
        summary: 'A test record with its verdicts',
        params: idParams,
        response: { 200: reliefTest, ...errors },
      },
    },
    async (request) => readTest(app.db, request.scope, request.params.id),
  );

  app.post(
    `${BASE}/tests/:id/submit`,
    {
      config: { transaction: true, permission: 'relief-valves:test' },
      schema: {
        tags,
        summary: 'Submit a draft (422 saying what has expired on the test date)',
        params: idParams,
        body: submitBody,
        response: { 200: reliefTest, ...errors },
      },
    },
    async (request) =>
      submitTest(request.db, request.scope, signedInUser(request), request.params.id, request.body.version),
  );

  app.post(
    `${BASE}/tests/:id/override`,
    {
      config: { transaction: true, permission: 'relief-valves:review' },
      schema: {
        tags,
        summary: "An engineer's as-found verdict in place of the rule's, with a reason",
        params: idParams,
        body: overrideBody,
        response: { 200: reliefTest, ...errors },
      },
    },
    async (request) =>
      overrideVerdict(request.db, request.scope, signedInUser(request), request.params.id, request.body),
  );

  app.post(
    `${BASE}/tests/:id/accept-nameplate`,
    {
      config: { transaction: true, permission: 'relief-valves:review' },
      schema: {
        tags,
        summary: 'Accept the nameplate the tester found into the device record',
        params: idParams,
        body: acceptNameplateBody,
        response: { 200: reliefTest, ...errors },
      },
    },
    async (request) =>
      acceptNameplate(request.db, request.scope, signedInUser(request), request.params.id, request.body.version),
  );

  app.get(
    `${BASE}/tests/:id/certificate.pdf`,
    { schema: { tags, summary: 'The test certificate as a PDF', params: idParams } },
    async (request, reply) => {
      const { fileName, pdf } = await certificateFile(app.db, request.scope, request.params.id, app.files);
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return reply.type('application/pdf').send(pdf);
    },
  );
};
