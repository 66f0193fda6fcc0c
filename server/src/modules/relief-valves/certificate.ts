import sharp from 'sharp';
import type { Database } from '../../db/client';
import type { Scope } from '../../lib/scope';
import type { StoredFiles } from '../../lib/stored-files';
import { HttpError } from '../../plugins/errors';
import { photoFile } from '../photos';
import { plantTimeZone } from '../plants';
import { listSignatures } from '../signatures';
import { certificatePdf, tagSheetPdf } from './pdf';
import { readTest } from './records';
import { readTag } from './service';

/**
 * The photo the tester marked as the nameplate's (`work.nameplatePhotoId`), as JPEG (pdfkit reads JPEG and PNG,
 * photos may be WebP); none marked, none printed: a photo of the valve is not a photo of its plate.
 */
async function nameplatePhoto(db: Database, scope: Scope, photoId: number | null | undefined, files: StoredFiles) {
  if (!photoId) return null;
  // A photo deleted since, or whose file is gone, leaves the certificate without it rather than without a certificate.
  const photo = await photoFile(db, scope, photoId, 'full').catch((error) => {
    if (error instanceof HttpError) return null;
    throw error;
  });
  const bytes = photo && (await files.read(db, photo.key));
  return bytes && sharp(bytes).resize({ width: 800, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
}

/** The certificate of a submitted record; a draft has none (409), since nothing on it is final. */
export async function certificateFile(db: Database, scope: Scope, id: number, files: StoredFiles) {
  const test = await readTest(db, scope, id);
  if (test.status !== 'submitted') {
    throw new HttpError(409, 'This test record is a draft: submit it before a certificate can be issued.');
  }
  const tag = test.tag ? await readTag(db, scope, test.tag.id) : null;
  const pdf = await certificatePdf(test, await nameplatePhoto(db, scope, test.work.nameplatePhotoId, files), {
    nextDueOn: tag?.nextDueOn ?? null,
    assetId: tag?.valve?.valveId ?? null,
    issuedAt: new Date(),
    signatures: await listSignatures(db, scope.organizationId, 'relief_test', [id]),
    timeZone: test.tag ? await plantTimeZone(db, scope.organizationId, test.tag.plant) : 'UTC',
  });
  return { fileName: `relief-test-${test.tag?.tag ?? 'spare'}-${test.device.serialNumber}-${test.testedOn}.pdf`, pdf };
}

export async function tagSheetFile(db: Database, scope: Scope, id: number) {
  const tag = await readTag(db, scope, id);
  return { fileName: `tag-sheet-${tag.tag}.pdf`, pdf: await tagSheetPdf(tag) };
}
