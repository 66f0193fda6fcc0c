import { inflateSync } from 'node:zlib';

/** A content stream as written: inflated when pdfkit compressed it (FlateDecode), else as it is. */
function streams(pdf: Buffer): string[] {
  const found: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/<<([\s\S]*?)>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    const body = pdf.subarray(start, end);
    try {
      found.push(match[1].includes('/FlateDecode') ? inflateSync(body).toString('latin1') : body.toString('latin1'));
    } catch {
      // An image's stream, not text.
    }
  }
  return found;
}

/**
 * The text a PDF shows, a line per text run: pdfkit writes each as hex strings in a TJ array (WinAnsi, so latin1
 * decodes it), in content streams that are compressed unless asked otherwise.
 */
export function pdfText(pdf: Buffer): string {
  return streams(pdf)
    .flatMap((stream) => stream.match(/\[(?:<[0-9a-f]*>\s*-?[\d.]*\s*)+\]\s*TJ/g) ?? [])
    .map((line) =>
      [...line.matchAll(/<([0-9a-f]*)>/g)].map((m) => Buffer.from(m[1], 'hex').toString('latin1')).join(''),
    )
    .join('\n');
}
