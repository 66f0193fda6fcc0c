import {
  certificate,
  certificateBody,
  instrument,
  instrumentBody,
  qualification,
  qualificationBody,
  reliefSummary,
} from '@common/schemas/relief-valves';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keptOrganizationAnswer, keptWholeListOf } from '../../lib/kept-answers';
import type { KeptValveReads } from '../../lib/kept-reads';
import { createCertificate, createInstrument, createQualification } from './commands';
import { BASE, errors, tags } from './route-common';
import { reliefSummary as summaryOf } from './service';
import { listCertificates, listInstruments, listQualifications } from './shop';

/**
 * The shop: its certificates, testers' qualifications, benches and gauges, and the dashboard's summary, which every
 * phone opening /app reads: a whole organization's is kept while the database's notices say its tags hold (lib/
 * kept-reads.ts).
 */
export const reliefShopRoutes: FastifyPluginAsyncZod<{ kept: KeptValveReads }> = async (app, { kept }) => {
  app.get(
    `${BASE}/summary`,
    {
      config: { answeredFromMemory: keptWholeListOf(kept.reliefSummaries) },
      schema: { tags, summary: 'Relief valve tags overdue and due this month', response: { 200: reliefSummary } },
    },
    async (request) => keptOrganizationAnswer(kept.reliefSummaries, request, (db) => summaryOf(db, request.scope)),
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
