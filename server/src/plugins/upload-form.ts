import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError, invalidInput } from './errors';

export type UploadForm<Fields> = { fields: Fields; file: { bytes: Buffer; fileName: string } };

/**
 * Reads a multipart upload of one file and its form fields (photos, valve documents): the whole body is read
 * before any transaction opens, so a slow link never holds the database. Every way the body itself can be wrong
 * answers 4xx: not multipart 415, too big 413, a second file, a cut-off or malformed body, bad fields or no
 * file 400.
 */
export async function readUploadForm<Schema extends z.ZodType>(
  request: FastifyRequest,
  upload: { noun: string; fileField: string; maxBytes: number; fields: Schema },
): Promise<UploadForm<z.output<Schema>>> {
  const { noun, fileField, maxBytes } = upload;
  if (!request.isMultipart()) {
    throw new HttpError(415, `Send the ${noun} as multipart/form-data with the file in a field named "${fileField}".`);
  }
  const fields: Record<string, string> = {};
  let file: UploadForm<unknown>['file'] | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === fileField) file = { bytes, fileName: part.filename };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `A ${noun} may be at most ${maxBytes / 1024 / 1024} MB.`);
    }
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, `Send one ${noun} at a time.`);
    // The loop only reads the body: what fails here is the body itself (cut off by a dropped connection,
    // malformed), never the server.
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new HttpError(400, `The upload was incomplete or malformed. Send the ${noun} again.`);
  }
  const parsed = upload.fields.safeParse(fields);
  if (!parsed.success) throw invalidInput('form', parsed.error);
  if (!file || file.bytes.length === 0) {
    throw new HttpError(400, `Invalid form: ${fileField} is required`, {
      issues: [{ path: fileField, message: 'is required' }],
    });
  }
  return { fields: parsed.data, file };
}
