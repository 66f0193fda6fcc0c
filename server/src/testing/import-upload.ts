import type { ImportKind } from '@common/schemas/imports';
import Papa from 'papaparse';
import { type FilePart, multipart } from './multipart';
import type { Persona, TestContext } from './test-app';

/** A register as a CSV upload. */
export const csvFile = (rows: readonly (readonly (string | number)[])[], name = 'register.csv'): FilePart => ({
  name,
  type: 'text/csv',
  bytes: Buffer.from(Papa.unparse(rows.map((row) => [...row]))),
});

/** POST /api/imports/<kind> as a persona (an engineer unless told otherwise), the file and fields as multipart. */
export async function importUpload(
  t: TestContext,
  kind: ImportKind,
  mode: string,
  file: FilePart | undefined,
  options: { fields?: Record<string, string>; as?: Persona } = {},
) {
  const body = multipart(options.fields ?? {}, file, 'file');
  return t.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}?mode=${mode}`,
    payload: body.payload,
    headers: { 'content-type': body.contentType, cookie: await t.cookie(options.as ?? 'engineer') },
  });
}
