import { errorBody, idParams } from '@common/schemas/params';
import { photoImageQuery } from '@common/schemas/photos';
import {
  approveRequestBody,
  MAX_REQUEST_PHOTO_CHARS,
  mergeRequestBody,
  rejectRequestBody,
  requestLabel,
  requestLink,
  requestLinksQuery,
  workRequest,
  workRequestBody,
  workRequestListQuery,
  workRequestReceipt,
  workRequestStatusView,
} from '@common/schemas/requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../../lib/stored-files';
import { signedInUser } from '../../plugins/session';
import { approveRequest, mergeRequest, rejectRequest, submitRequest } from './commands';
import { plantRequestLinks, requestLinkOf, valveOfLabel } from './labels';
import { listRequests, readRequest, requestPhotoFile, requestStatusByLink } from './service';

const tags = ['requests'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const tokenParams = z.object({ token: z.string().min(1).max(100) });
const triage = { permission: 'requests:triage' } as const;
/** A request may carry a photo as a data URL (the contract's limit): room for it and the words around it, no more. */
const REQUEST_BODY_LIMIT = MAX_REQUEST_PHOTO_CHARS + 64 * 1024;

/** Work requests (issue 34): reported at the valve by anyone, triaged by a supervisor (docs/decisions/113). */
export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/requests',
    {
      bodyLimit: REQUEST_BODY_LIMIT,
      config: { public: true },
      schema: {
        tags,
        summary:
          'Report a problem at a valve: signed in with valveId, or with no account through the labelToken of its request QR',
        body: workRequestBody,
        response: { 201: workRequestReceipt, 415: errorBody, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await submitRequest(
            app.db,
            { user: request.user, scope: request.user ? request.scope : null, address: request.ip },
            request.body,
            app.files,
          ),
        ),
  );

  app.get(
    '/api/requests/labels/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The valve a request QR names (its tag), for the page that takes the request',
        params: tokenParams,
        response: { 200: requestLabel, ...errors },
      },
    },
    async (request) => ({ valveTag: (await valveOfLabel(app.db, request.params.token)).valveTag }),
  );

  app.get(
    '/api/requests/status/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A request’s status by the requester’s link',
        params: tokenParams,
        response: { 200: workRequestStatusView, ...errors },
      },
    },
    async (request) => requestStatusByLink(app.db, request.params.token),
  );

  app.get(
    '/api/requests',
    {
      schema: {
        tags,
        summary: 'Work requests of your plants, newest first',
        querystring: workRequestListQuery,
        response: { 200: z.array(workRequest), ...errors },
      },
    },
    async (request) => listRequests(app.db, request.scope, request.query.status),
  );

  app.get(
    '/api/requests/:id/photo',
    {
      schema: {
        tags,
        summary: 'The photo sent with a request: full size (JPEG) or the thumbnail the triage list shows (WebP)',
        params: idParams,
        querystring: photoImageQuery,
      },
    },
    async (request, reply) => {
      const { params, query, scope } = request;
      const { file, contentType } = await requestPhotoFile(app.db, scope, params.id, query.size, app.files);
      return sendStoredFile(reply, file, contentType);
    },
  );

  app.post(
    '/api/requests/:id/approve',
    {
      config: triage,
      schema: {
        tags,
        summary: 'Approve a request: it becomes a work order with its text and photo',
        params: idParams,
        body: approveRequestBody,
        response: { 200: workRequest, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await approveRequest(app.db, request.scope, user, request.params.id, request.body, app.files);
      return readRequest(app.db, request.scope, request.params.id);
    },
  );

  app.post(
    '/api/requests/:id/merge',
    {
      config: triage,
      schema: {
        tags,
        summary: 'Merge a request into an open work order of its valve',
        params: idParams,
        body: mergeRequestBody,
        response: { 200: workRequest, ...errors },
      },
    },
    async (request) => {
      await mergeRequest(app.db, request.scope, signedInUser(request), request.params.id, request.body.workOrderId);
      return readRequest(app.db, request.scope, request.params.id);
    },
  );

  app.post(
    '/api/requests/:id/reject',
    {
      config: triage,
      schema: {
        tags,
        summary: 'Reject a request with the reason its requester will read',
        params: idParams,
        body: rejectRequestBody,
        response: { 200: workRequest, ...errors },
      },
    },
    async (request) => {
      await rejectRequest(app.db, request.scope, signedInUser(request), request.params.id, request.body.reason);
      return readRequest(app.db, request.scope, request.params.id);
    },
  );

  app.get(
    '/api/request-links',
    {
      schema: {
        tags,
        summary: 'Every request QR of a plant’s valves in one read, for its label sheet (made on first ask)',
        querystring: requestLinksQuery,
        response: { 200: z.array(requestLink), ...errors },
      },
    },
    async (request) => plantRequestLinks(app.db, request.scope, request.query.plant),
  );

  app.get(
    '/api/valves/:id/request-link',
    {
      schema: {
        tags,
        summary: 'The valve’s request QR (made the first time it is asked for, the same ever after)',
        params: idParams,
        response: { 200: requestLink, ...errors },
      },
    },
    async (request) => requestLinkOf(app.db, request.scope, request.params.id),
  );
};
