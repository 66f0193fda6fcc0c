import { findManual } from '@common/manuals/library';
import { notFound } from '../../plugins/errors';
import { manualPdf } from './pdf';

export const MANUAL_NOT_FOUND = 'Manual not found';

/**
 * The library is built in and fixed for the life of the process, so each manual's PDF is written once (20-45 ms of
 * CPU each) and then served from memory: nine files of about 10 kB.
 */
const written = new Map<string, Promise<Buffer>>();

export async function manualPdfFile(id: string): Promise<{ fileName: string; pdf: Buffer }> {
  const manual = findManual(id);
  if (!manual) throw notFound(MANUAL_NOT_FOUND);
  let pdf = written.get(manual.id);
  if (!pdf) {
    pdf = manualPdf(manual);
    written.set(manual.id, pdf);
    pdf.catch(() => written.delete(manual.id));
  }
  return { fileName: `${manual.id}-v${manual.version}.pdf`, pdf: await pdf };
}
