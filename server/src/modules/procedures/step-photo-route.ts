import { errorBody } from '@common/schemas/params';
import { procedureRun, stepParams, stepPhotoFields } from '@common/schemas/procedures';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContentOf } from '../../lib/signed-content';
import { signedInUser } from '../../plugins/session';
import { readUploadForm } from '../../plugins/upload-form';
import { MAX_PHOTO_BYTES, uploadPhoto } from '../photos';
import { recordStep } from './commands';
import { readRuns, runInScope } from './service';

/**
 * A photo step in one request (issue 29): the photo and the step's answer together, so a technician with no signal
 * takes the photo once and one queued write carries both. The photo is the run's work order's; if the step refuses
 * it (not a photo step, the order not started, signed), neither is kept.
 */
export const stepPhotoRoute: FastifyPluginAsyncZod<{ content: ContentOf }> = async (app, { content }) => {
  app.post(
    '/api/procedure-runs/:runId/steps/:stepKey/photo',
    {
      config: { permission: 'work-orders:work' },
      schema: {
        tags: ['procedures'],
        summary: 'Take the photo of a photo step (multipart: optional description, then the file as "photo")',
        params: stepParams,
        response: {
          200: z.array(procedureRun),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request) => {
      const { scope, params } = request;
      const { workOrderId } = await runInScope(app.db, scope, params.runId);
      const { fields, file } = await readUploadForm(request, {
        noun: 'photo',
        fileField: 'photo',
        maxBytes: MAX_PHOTO_BYTES,
        fields: stepPhotoFields,
      });
      const user = signedInUser(request);
      const device = request.headers['user-agent'];
      await uploadPhoto(
        app.db,
        scope,
        user,
        { workOrderId, description: fields.description },
        file.bytes,
        app.files,
        device,
        (tx, photo) =>
          recordStep(tx, scope, { user, device }, params.runId, params.stepKey, { photoId: photo.id }, content),
      );
      return readRuns(app.db, scope.organizationId, workOrderId);
    },
  );
};
