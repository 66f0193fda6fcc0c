import { IMPORT_KINDS, importFormFields, importQuery, importReport } from '@common/schemas/imports';
import { errorBody } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Papa from 'papaparse';
import { z } from 'zod';
import { asActor } from '../../lib/audit';
import { cellText } from '../../lib/cells';
import type { ImportRow, ImportTarget } from '../../lib/imports';
import { HttpError } from '../../plugins/errors';
import { signedInUser } from '../../plugins/session';
import { readUploadForm } from '../../plugins/upload-form';
import { type ColumnMapping, rememberMapping, resolveMapping } from './mappings';
import { readSheet, type Sheet } from './sheets';

/** A file answer: bytes, typed as text for the OpenAPI document. */
const csvFile = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string' });

/** A register of tens of thousands of valves is a few MB as CSV; past this it is not a register. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;
const PREVIEW_ROWS = 5;

const isBlankRow = (row: Sheet['rows'][number]) => row.every((cell) => cellText(cell) === null);

/** The data rows under the header, each with its mapped cells; blank rows keep their number but are not rows. */
function rowsOf(sheet: Sheet, mapping: ColumnMapping): ImportRow[] {
  const mapped = sheet.columns.flatMap((column, index) =>
    mapping[column] ? [{ column, index, field: mapping[column] }] : [],
  );
  return sheet.rows.flatMap((cells, index) =>
    isBlankRow(cells)
      ? []
      : [
          {
            row: index + 1,
            cells: new Map(mapped.map((m) => [m.field, { column: m.column, cell: cells[m.index] ?? null }])),
          },
        ],
  );
}

/**
 * `POST /api/imports/<kind>?mode=dry-run|apply` (issue 32, public contract): the domains' registers from a CSV or
 * .xlsx file. A dry run checks every row and writes nothing; apply writes every accepted row in one transaction (a
 * failure while writing writes nothing) and answers the same report. `targets` are handed over by app.ts.
 */
export const importRoutes: FastifyPluginAsyncZod<{ targets: readonly ImportTarget[] }> = async (app, { targets }) => {
  for (const target of targets) {
    app.post(
      `/api/imports/${target.kind}`,
      {
        config: { permission: target.permission },
        schema: {
          tags: ['imports'],
          summary: `Import ${target.kind} from a CSV or .xlsx file (multipart: file, optional mapping JSON of column → field); dry-run checks, apply writes`,
          querystring: importQuery,
          response: {
            200: importReport,
            400: errorBody,
            401: errorBody,
            403: errorBody,
            413: errorBody,
            415: errorBody,
          },
        },
      },
      async (request) => {
        const actor = signedInUser(request);
        const { fields, file } = await readUploadForm(request, {
          noun: 'file',
          fileField: 'file',
          maxBytes: MAX_FILE_BYTES,
          fields: importFormFields,
        });
        const sheet = await readSheet(file.bytes, file.fileName);
        const { organizationId } = request.scope;
        const { mapping, mappingFrom } = await resolveMapping(
          app.db,
          organizationId,
          target,
          sheet.columns,
          fields.mapping,
        );
        const key = target.fields[0];
        if (!Object.values(mapping).includes(key.name)) {
          throw new HttpError(400, `Map a column to ${key.label}: it says which record each row is.`, {
            issues: [{ path: 'mapping', message: `no column is mapped to ${key.name}` }],
          });
        }
        const rows = rowsOf(sheet, mapping);
        if (!rows.length) throw new HttpError(400, 'The file has no rows under its header.');
        const context = { scope: request.scope, actor, fileName: file.fileName };
        const apply = request.query.mode === 'apply';
        const outcome = apply
          ? await asActor(app.db, { userId: actor.id, device: request.headers['user-agent'] }, async (tx) => {
              const written = await target.run(tx, context, rows, true);
              await rememberMapping(tx, { organizationId, userId: actor.id }, target.kind, sheet.columns, mapping);
              return written;
            })
          : await target.run(app.db, context, rows, false);
        return {
          ...outcome,
          applied: apply,
          columns: sheet.columns,
          mapping,
          mappingFrom,
          fields: target.fields.map(({ name, label, requiredForNew }) => ({ name, label, requiredForNew })),
          preview: sheet.rows
            .filter((row) => !isBlankRow(row))
            .slice(0, PREVIEW_ROWS)
            .map((row) => sheet.columns.map((_, i) => cellText(row[i] ?? null) ?? '')),
        };
      },
    );
  }

  for (const target of targets) {
    app.get(
      `/api/imports/${target.kind}/template`,
      {
        config: { permission: target.permission },
        schema: {
          tags: ['imports'],
          summary: `A CSV to fill in: the ${target.kind} import's columns and an example row in the organization's names`,
          response: { 200: csvFile, 401: errorBody, 403: errorBody },
        },
      },
      async (request, reply) => {
        const example = await target.example(app.db, request.scope);
        const csv = Papa.unparse([target.fields.map((f) => f.label), target.fields.map((f) => example[f.name] ?? '')]);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="valveops-${target.kind}-template.csv"`)
          .send(Buffer.from(`\uFEFF${csv}`));
      },
    );
  }

  app.post(
    '/api/imports/:kind',
    { schema: { tags: ['imports'], hide: true, params: z.object({ kind: z.string() }), response: { 404: errorBody } } },
    async (request) => {
      throw new HttpError(404, `No import of "${request.params.kind}": import one of ${IMPORT_KINDS.join(', ')}.`);
    },
  );
};
