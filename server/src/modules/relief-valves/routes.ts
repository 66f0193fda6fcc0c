import { errorBody, idParams } from '@common/schemas/params';
import {
  acceptNameplateBody,
  certificate,
  certificateBody,
  installBody,
  instrument,
  instrumentBody,
  overrideBody,
  qualification,
  qualificationBody,
  reliefDevice,
  reliefDeviceBody,
  reliefDeviceDetail,
  reliefDeviceQuery,
  reliefSummary,
  reliefTag,
  reliefTagBody,
  reliefTagDetail,
  reliefTagQuery,
  reliefTest,
  reliefTestBody,
  reliefTestOptions,
  removeBody,
  submitBody,
} from '@common/schemas/relief-valves';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/session';
import { certificateFile, tagSheetFile } from './certificate';
import {
  createCertificate,
  createDevice,
  createInstrument,
  createQualification,
  createTag,
  installDevice,
  removeDevice,
} from './commands';
import { acceptNameplate, createTest, overrideVerdict, submitTest } from './record-commands';
import { readTest } from './records';
import {
  listCertificates,
  listDevices,
  listInstruments,
  listQualifications,
  listTags,
  readDeviceDetail,
  readTagDetail,
  reliefSummary as summaryOf,
  testOptions,
} from './service';

const tags = ['relief-valves'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const BASE = '/api/relief-valves';

export const reliefValveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/summary`,
    { schema: { tags, summary: 'Relief valve tags overdue and due this month', response: { 200: reliefSummary } } },
    async (request) => summaryOf(app.db, request.scope),
  );

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
    async (request) => listTags(app.db, request.scope, request.query),
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
        summary: 'Install a spare on the tag; a valve already there is removed that day (a swap)',
        params: idParams,
        body: installBody,
        response: { 200: reliefTagDetail, ...errors },
      },
    },
    async (request) => installDevice(request.db, request.scope, request.params.id, request.body),
  );

  app.post(
    `${BASE}/tags/:id/remove`,
    {
      config: { transaction: true, permission: 'relief-valves:test' },
      schema: {
        tags,
        summary: 'Take the valve off the tag',
        params: idParams,
        body: removeBody,
        response: { 200: reliefTagDetail, ...errors },
      },
    },
    async (request) => removeDevice(request.db, request.scope, request.params.id, request.body.removedOn),
  );

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
      const { fileName, pdf } = await certificateFile(app.db, request.scope, request.params.id, app.config.uploadsDir);
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return reply.type('application/pdf').send(pdf);
    },
  );

  app.get(
    `${BASE}/certificates`,
    { schema: { tags, summary: "The shop's certificates", response: { 200: z.array(certificate) } } },
    async (request) => listCertificates(app.db, request.scope),
  );
  app.post(
    `${BASE}/certificates`,
    {
      config: { transaction: true, permission: 'relief-valves:certify' },
      schema: {
        tags,
        summary: 'Add a certificate (VR, T/O, owner)',
        body: certificateBody,
        response: { 201: certificate, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createCertificate(request.db, request.scope, request.body)),
  );
  app.get(
    `${BASE}/qualifications`,
    { schema: { tags, summary: "Testers' qualifications", response: { 200: z.array(qualification) } } },
    async (request) => listQualifications(app.db, request.scope),
  );
  app.post(
    `${BASE}/qualifications`,
    {
      config: { transaction: true, permission: 'relief-valves:certify' },
      schema: {
        tags,
        summary: "Add a tester's qualification",
        body: qualificationBody,
        response: { 201: qualification, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createQualification(request.db, request.scope, request.body)),
  );
  app.get(
    `${BASE}/instruments`,
    { schema: { tags, summary: 'Test benches and gauges', response: { 200: z.array(instrument) } } },
    async (request) => listInstruments(app.db, request.scope),
  );
  app.post(
    `${BASE}/instruments`,
    {
      config: { transaction: true, permission: 'relief-valves:certify' },
      schema: { tags, summary: 'Add a bench or gauge', body: instrumentBody, response: { 201: instrument, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createInstrument(request.db, request.scope, request.body)),
  );
};
