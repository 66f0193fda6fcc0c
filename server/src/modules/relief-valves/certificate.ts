import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, ilike } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { photos, reliefTags } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { HttpError } from '../../plugins/errors';
import { certificatePdf, tagSheetPdf } from './pdf';
import { readTest } from './records';
import { readTag } from './service';

/** The latest nameplate photo of the tag's valve record, as JPEG (pdfkit reads JPEG and PNG, photos may be WebP). */
async function nameplatePhoto(db: Database, tagId: number | undefined, uploadsDir: string): Promise<Buffer | null> {
  if (!tagId) return null;
  const [row] = await db
    .select({ key: photos.storageKey })
    .from(photos)
    .innerJoin(reliefTags, eq(reliefTags.valveId, photos.valveId))
    .where(and(eq(reliefTags.id, tagId), ilike(photos.description, '%nameplate%')))
    .orderBy(desc(photos.createdAt))
    .limit(1);
  if (!row) return null;
  try {
    const bytes = await readFile(path.join(uploadsDir, path.basename(row.key)));
    return await sharp(bytes).resize({ width: 800, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
  } catch {
    // A photo whose file is gone leaves the certificate without it rather than without a certificate.
    return null;
  }
}

/** The certificate of a submitted record; a draft has none (409), since nothing on it is final. */
export async function certificateFile(db: Database, scope: Scope, id: number, uploadsDir: string) {
  const test = await readTest(db, scope, id);
  if (test.status !== 'submitted') {
    throw new HttpError(409, 'This test record is a draft: submit it before a certificate can be issued.');
  }
  const tag = test.tag ? await readTag(db, scope, test.tag.id) : null;
  const pdf = await certificatePdf(test, await nameplatePhoto(db, test.tag?.id, uploadsDir), {
    nextDueOn: tag?.nextDueOn ?? null,
    assetId: tag?.valve?.valveId ?? null,
    issuedAt: new Date(),
  });
  return { fileName: `relief-test-${test.tag?.tag ?? 'spare'}-${test.device.serialNumber}-${test.testedOn}.pdf`, pdf };
}

export async function tagSheetFile(db: Database, scope: Scope, id: number) {
  const tag = await readTag(db, scope, id);
  return { fileName: `tag-sheet-${tag.tag}.pdf`, pdf: await tagSheetPdf(tag) };
}
