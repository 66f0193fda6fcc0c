import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export const THUMBNAIL_WIDTH = 320;

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

/** Writes a photo and its thumbnail under generated names; returns what the photos table records. */
export async function writeDemoPhoto(uploadsDir: string, hue: number, variant: number) {
  const base = randomUUID();
  const storageKey = `${base}.jpg`;
  const thumbnailKey = `${base}-thumb.webp`;
  const image = sharp(Buffer.from(valveDrawing(hue, variant)));
  const jpeg = await image.clone().jpeg({ quality: 78 }).toBuffer();
  const thumb = await image.clone().resize({ width: THUMBNAIL_WIDTH }).webp({ quality: 70 }).toBuffer();
  await writeFile(path.join(uploadsDir, storageKey), jpeg);
  await writeFile(path.join(uploadsDir, thumbnailKey), thumb);
  return { storageKey, thumbnailKey, contentType: 'image/jpeg', width: 800, height: 600, sizeBytes: jpeg.length };
}
