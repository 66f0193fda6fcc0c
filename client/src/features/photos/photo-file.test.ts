import { describe, expect, it } from 'vitest';
import { canPreview, checkPhotoFile, formatBytes, MAX_PHOTO_BYTES } from './photo-file';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkPhotoFile', () => {
  it('takes JPEG, PNG, WebP and HEIC photos', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.webp', 'image/webp'],
      ['a.heic', 'image/heic'],
      ['a.HEIF', 'image/heif'],
    ]) {
      expect(checkPhotoFile(file(name, type))).toBeNull();
    }
  });

  it('goes by the name when the phone gives no type', () => {
    expect(checkPhotoFile(file('IMG_0042.HEIC', ''))).toBeNull();
    expect(checkPhotoFile(file('notes.txt', ''))).toMatch(/JPEG, PNG, WebP or HEIC/);
  });

  it('refuses other types, empty files and files over 15 MB', () => {
    expect(checkPhotoFile(file('a.gif', 'image/gif'))).toMatch(/JPEG/);
    expect(checkPhotoFile(file('a.pdf', 'application/pdf'))).toMatch(/JPEG/);
    expect(checkPhotoFile(file('a.jpg', 'image/jpeg', 0))).toMatch(/empty/);
    expect(checkPhotoFile(file('a.jpg', 'image/jpeg', MAX_PHOTO_BYTES))).toBeNull();
    expect(checkPhotoFile(file('a.jpg', 'image/jpeg', MAX_PHOTO_BYTES + 1))).toMatch(/at most 15 MB/);
  });
});

describe('formatBytes and canPreview', () => {
  it('formats sizes for people', () => {
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(16 * 1024 * 1024)).toBe('16.0 MB');
  });

  it('previews what a browser can draw', () => {
    expect(canPreview({ type: 'image/jpeg' })).toBe(true);
    expect(canPreview({ type: 'image/heic' })).toBe(false);
  });
});
