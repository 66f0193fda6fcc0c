import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

export const THUMBNAIL_WIDTH = 320;

/** Keeps one of the demo organization's files in the store, through the demo's database or transaction. */
export type KeepFile = (key: string, bytes: Buffer, contentType: string) => Promise<void>;

/** A drawn field photo of a valve (pipe, body, bonnet, handwheel) in the valve's colour: a real JPEG file. */
function valveDrawing(hue: number, variant: number): string {
  const body = `hsl(${hue} 45% 42%)`;
  const dark = `hsl(${hue} 40% 25%)`;
  const wheel = variant % 2 === 0 ? '#c0392b' : '#d4a017';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#9aa5ae"/><stop offset="1" stop-color="#4b5560"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <rect x="0" y="470" width="800" height="130" fill="#3a3f44"/>
  <rect x="0" y="330" width="800" height="70" fill="#8c949b" stroke="#5b6167" stroke-width="4"/>
  <rect x="230" y="300" width="40" height="130" rx="6" fill="${dark}"/>
  <rect x="530" y="300" width="40" height="130" rx="6" fill="${dark}"/>
  <ellipse cx="400" cy="365" rx="140" ry="${95 + variant * 5}" fill="${body}" stroke="${dark}" stroke-width="6"/>
  <rect x="370" y="170" width="60" height="110" fill="${dark}"/>
  <rect x="392" y="90" width="16" height="90" fill="#b8bec3"/>
  <ellipse cx="400" cy="95" rx="120" ry="22" fill="none" stroke="${wheel}" stroke-width="14"/>
  <line x1="280" y1="95" x2="520" y2="95" stroke="${wheel}" stroke-width="10"/>
  <rect x="600" y="250" width="70" height="44" rx="4" fill="#f1c40f" stroke="#7f6a00" stroke-width="3"/>
</svg>`;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A photo of a relief valve's stamped nameplate: a steel plate with its lines of text, riveted to the bonnet. */
function nameplateDrawing(lines: string[]): string {
  const text = lines
    .map(
      (line, i) =>
        `<text x="130" y="${215 + i * 44}" font-family="DejaVu Sans Mono, monospace" font-size="30" fill="#1f2428">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
  <rect width="800" height="600" fill="#5b6167"/>
  <rect x="90" y="140" width="620" height="${lines.length * 44 + 70}" rx="14" fill="#c9ced2" stroke="#7d858c" stroke-width="6"/>
  <circle cx="115" cy="165" r="9" fill="#7d858c"/><circle cx="685" cy="165" r="9" fill="#7d858c"/>
  ${text}
</svg>`;
}

/** Writes a drawn image and its thumbnail under generated names; returns what the photos table records. */
async function writeDrawing(keep: KeepFile, svg: string) {
  const base = randomUUID();
  const storageKey = `${base}.jpg`;
  const thumbnailKey = `${base}-thumb.webp`;
  const image = sharp(Buffer.from(svg));
  const jpeg = await image.clone().jpeg({ quality: 78 }).toBuffer();
  const thumb = await image.clone().resize({ width: THUMBNAIL_WIDTH }).webp({ quality: 70 }).toBuffer();
  await keep(storageKey, jpeg, 'image/jpeg');
  await keep(thumbnailKey, thumb, 'image/webp');
  return { storageKey, thumbnailKey, contentType: 'image/jpeg', width: 800, height: 600, sizeBytes: jpeg.length };
}

/** A field photo of a valve, as a real JPEG file. */
export const writeDemoPhoto = (keep: KeepFile, hue: number, variant: number) =>
  writeDrawing(keep, valveDrawing(hue, variant));

/** A photo of a nameplate reading these lines, as a real JPEG file. */
export const writeNameplatePhoto = (keep: KeepFile, lines: string[]) => writeDrawing(keep, nameplateDrawing(lines));
