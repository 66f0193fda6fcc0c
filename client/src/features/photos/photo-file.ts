import { formatBytes } from '@/lib/format';

/** What the server takes (checked again there, by content): JPEG, PNG, WebP and the iPhone's HEIC, up to 15 MB. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;

const TYPES = new Set(PHOTO_ACCEPT.split(','));
const EXTENSIONS = /\.(jpe?g|png|webp|heic|heif)$/i;

/** Null when the file can be sent, else why not. Some phones give HEIC files no type: the name decides then. */
export function checkPhotoFile(file: { name: string; type: string; size: number }): string | null {
  const known = file.type ? TYPES.has(file.type.toLowerCase()) : EXTENSIONS.test(file.name);
  if (!known) return 'Choose a JPEG, PNG, WebP or HEIC photo.';
  if (file.size === 0) return 'This file is empty. Take or choose the photo again.';
  if (file.size > MAX_PHOTO_BYTES) return `This photo is ${formatBytes(file.size)}; a photo may be at most 15 MB.`;
  return null;
}

export { formatBytes };

/** Browsers can preview these; HEIC shows as a file card until the server has made its JPEG thumbnail. */
export const canPreview = (file: { type: string }) => /^image\/(jpeg|png|webp)$/i.test(file.type);
