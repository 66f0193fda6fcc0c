import QRCode from 'qrcode';

/**
 * What a valve's QR label shows: the lookup code encodes the valve ID alone, so any scanner reads the tag as it is.
 * With `requestUrl` (the absolute address of the valve's request page, /r/<token>) a second code stands beside it,
 * captioned "Report a problem", for anyone on the plant to scan with their own phone (issue 34).
 */
export type LabelValve = { valveId: string; plant: string; requestUrl?: string };

/** A label is 100 units wide per code: the QR code with its quiet zone on top, the words under it. */
const WIDTH = 100;
const HEIGHT = 132;
/** The blank margin a QR code needs around it to be found, in modules (the standard asks for 4). */
const QUIET_ZONE = 4;
const FONT = 'Liberation Sans, Arial, Helvetica, sans-serif';
export const REQUEST_CAPTION = 'Report a problem';
export const REQUEST_HINT = 'Scan with any phone';

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** A QR code drawn in a WIDTH-unit square from `x`, quiet zone included. Error correction M survives a scuff. */
function qrPath(text: string, x: number): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const unit = WIDTH / (modules.size + 2 * QUIET_ZONE);
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.data[row * modules.size + col]) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  const transform = x === 0 ? `scale(${unit})` : `translate(${x} 0) scale(${unit})`;
  return `<path transform="${transform}" d="${path}" fill="#000" shape-rendering="crispEdges"/>`;
}

const line = (x: number, y: number, size: number, bold: boolean, text: string) =>
  `<text x="${x}" y="${y}" text-anchor="middle" font-family="${FONT}" font-size="${size}"${bold ? ' font-weight="700"' : ''} fill="#000">${escapeXml(text)}</text>`;

/**
 * The project's one label generator (spec §9 scanner, issue 7): an SVG the valve detail shows, the plant sheet
 * prints, and the scanner's browser test turns into a camera video. The lookup code is drawn the same with or
 * without the request code beside it, so a label printed either way scans the same.
 */
export function labelSvg({ valveId, plant, requestUrl }: LabelValve): string {
  const width = requestUrl ? 2 * WIDTH : WIDTH;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${HEIGHT}" width="${width}mm" height="${HEIGHT}mm">`,
    `<rect width="${width}" height="${HEIGHT}" fill="#fff"/>`,
    qrPath(valveId, 0),
    line(50, WIDTH + 8, 14, true, valveId),
    line(50, WIDTH + 23, 9, false, plant),
    ...(requestUrl
      ? [
          qrPath(requestUrl, WIDTH),
          line(WIDTH + 50, WIDTH + 8, 10, true, REQUEST_CAPTION),
          line(WIDTH + 50, WIDTH + 23, 9, false, REQUEST_HINT),
        ]
      : []),
    '</svg>',
  ].join('');
}

/** The label as an image source for an <img> (the app's CSP allows data: images). */
export function labelDataUrl(valve: LabelValve): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(labelSvg(valve))}`;
}
