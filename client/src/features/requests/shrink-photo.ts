/**
 * A phone's photo made small enough to send on a weak signal: at most about 2000 px on its long side, as JPEG of
 * quality 0.85 (a 12-megapixel photo of 4-6 MB becomes about 0.5 MB, still sharp enough to read a nameplate).
 */
export const PHOTO_LONG_SIDE = 2000;
export const PHOTO_QUALITY = 0.85;
/** Below this a photo goes as it is: re-encoding a small file gains nothing and costs the phone's time. */
export const PHOTO_SMALL_BYTES = 1_500_000;

export type Size = { width: number; height: number };

/** The size a picture is drawn at so its long side is at most `longSide`, its shape kept; never enlarged. */
export function fitWithin({ width, height }: Size, longSide = PHOTO_LONG_SIDE): Size {
  const scale = Math.min(1, longSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a picture needs redrawing before it is sent: too many pixels, or too many bytes for its pixels. */
export function needsShrinking(size: Size, bytes: number, longSide = PHOTO_LONG_SIDE): boolean {
  return Math.max(size.width, size.height) > longSide || bytes > PHOTO_SMALL_BYTES;
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The photo as the data URL the request carries. The browser decodes it (turned upright by its EXIF orientation);
 * one it cannot decode (HEIC on most desktop browsers) goes as it is, and the server, which reads HEIC, judges it.
 */
export async function photoToDataUrl(file: File): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return readAsDataUrl(file);
  }
  try {
    const source = { width: bitmap.width, height: bitmap.height };
    if (!needsShrinking(source, file.size)) return await readAsDataUrl(file);
    const size = fitWithin(source);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return await readAsDataUrl(file);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return canvas.toDataURL('image/jpeg', PHOTO_QUALITY);
  } finally {
    bitmap.close();
  }
}
