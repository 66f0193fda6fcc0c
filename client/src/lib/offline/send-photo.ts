import { newActionKey } from '../action-key';
import { type Queued, sendOrQueue } from './offline-write';

/** A photo as a form hands it over: the file, its description, and the key that makes its upload happen once. */
export type PhotoToSend = { key: string; file: File; description: string };

/**
 * A photo write, multipart: the text fields first, then the file as "photo" (the server reads fields before the
 * file). With no signal the file itself is kept in the photos store and sent, once, when the connection returns.
 */
export function sendPhotoForm<A>(
  url: string,
  fields: Record<string, string>,
  { key, file }: PhotoToSend,
): Promise<A | Queued> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const fileName = file.name || 'photo';
  form.set('photo', file, fileName);
  return sendOrQueue<A>('POST', url, form, {
    idempotencyKey: key,
    photo: { id: newActionKey(), blob: file, fileName, fields },
  });
}
