import QRCode from 'qrcode';

/** What a valve's QR label shows: the code encodes the valve ID alone, so any scanner reads the tag as it is. */
export type LabelValve = { valveId: string; plant: string };

/** The label is 100 units wide: the QR code with its quiet zone on top, the ID and the plant under it. */
const WIDTH = 100;
const HEIGHT = 132;
/** The blank margin a QR code needs around it to be found, in modules (the standard asks for 4). */
const QUIET_ZONE = 4;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/**
 * The project's one label generator (spec §9 scanner, issue 7): an SVG the valve detail shows, the plant sheet
 * prints, and the scanner's browser test turns into a camera video. Error correction M survives a scuffed label.
 */
export function labelSvg({ valveId, plant }: LabelValve): string {
  const { modules } = QRCode.create(valveId, { errorCorrectionLevel: 'M' });
  const count = modules.size + 2 * QUIET_ZONE;
  const unit = WIDTH / count;
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.data[row * modules.size + col]) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}mm" height="${HEIGHT}mm">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`,
    `<path transform="scale(${unit})" d="${path}" fill="#000" shape-rendering="crispEdges"/>`,
    `<text x="50" y="${WIDTH + 8}" text-anchor="middle" font-family="Liberation Sans, Arial, Helvetica, sans-serif" font-size="14" font-weight="700" fill="#000">${escapeXml(valveId)}</text>`,
    `<text x="50" y="${WIDTH + 23}" text-anchor="middle" font-family="Liberation Sans, Arial, Helvetica, sans-serif" font-size="9" fill="#000">${escapeXml(plant)}</text>`,
    '</svg>',
  ].join('');
}

/** The label as an image source for an <img> (the app's CSP allows data: images). */
export function labelDataUrl(valve: LabelValve): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(labelSvg(valve))}`;
}
