import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { labelSvg } from './label-svg';

async function decode(svg: string): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 150 })
    .flatten({ background: '#fff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe('labelSvg', () => {
  it('draws a QR code that decodes to the valve ID, with the ID and plant printed under it', async () => {
    const svg = labelSvg({ valveId: 'V-002-GV', plant: 'Gas Plant B' });
    expect(await decode(svg)).toBe('V-002-GV');
    expect(svg).toContain('>V-002-GV</text>');
    expect(svg).toContain('>Gas Plant B</text>');
  });

  it('escapes what it prints', () => {
    const svg = labelSvg({ valveId: 'V-9-AB', plant: 'A & B <North>' });
    expect(svg).toContain('>A &amp; B &lt;North&gt;</text>');
  });
});
