import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { labelSvg, REQUEST_CAPTION } from './label-svg';

/** Decodes the QR code in a label, or in one side of it (a two-code label's codes are read one at a time). */
async function decode(svg: string, side?: 'left' | 'right'): Promise<string | null> {
  let image = sharp(Buffer.from(svg), { density: 150 }).flatten({ background: '#fff' });
  if (side) {
    const { width = 0, height = 0 } = await image.metadata();
    const half = Math.floor(width / 2);
    image = sharp(await image.png().toBuffer()).extract({
      left: side === 'left' ? 0 : half,
      top: 0,
      width: half,
      height,
    });
  }
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe('labelSvg', () => {
  it('draws a QR code that decodes to the valve ID, with the ID and plant printed under it', async () => {
    const svg = labelSvg({ valveId: 'V-002-GV', plant: 'Gas Plant B' });
    expect(await decode(svg)).toBe('V-002-GV');
    expect(svg).toContain('>V-002-GV</text>');
    expect(svg).toContain('>Gas Plant B</text>');
    expect(svg).not.toContain(REQUEST_CAPTION);
  });

  it('escapes what it prints', () => {
    const svg = labelSvg({ valveId: 'V-9-AB', plant: 'A & B <North>' });
    expect(svg).toContain('>A &amp; B &lt;North&gt;</text>');
  });

  it('puts the request code beside the lookup code, each decoding to its own text', async () => {
    const requestUrl = 'https://valveops.example.com/r/3q2-Xb7Kp9LmNw4RtYv8Zs';
    const svg = labelSvg({ valveId: 'V-002-GV', plant: 'Gas Plant B', requestUrl });
    expect(await decode(svg, 'left')).toBe('V-002-GV');
    expect(await decode(svg, 'right')).toBe(requestUrl);
    expect(svg).toContain(`>${REQUEST_CAPTION}</text>`);
    expect(svg).toContain('viewBox="0 0 200 132"');
  });

  it('draws the lookup code the same with or without the request code', () => {
    const alone = labelSvg({ valveId: 'V-002-GV', plant: 'Gas Plant B' });
    const paired = labelSvg({ valveId: 'V-002-GV', plant: 'Gas Plant B', requestUrl: 'https://x.example/r/abc' });
    const lookupPath = /<path transform="scale\([^"]+\)" d="[^"]+"/.exec(alone)?.[0];
    expect(lookupPath).toBeDefined();
    expect(paired).toContain(lookupPath);
  });
});
