import decodeHeic from 'heic-decode';
import sharp, { type Sharp } from 'sharp';
import { HttpError } from '../../plugins/errors';

/** Largest file a phone's camera plausibly sends; anything bigger is refused before it is read into memory. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** Stored photos are kept to this many pixels on the long side: plenty to read a nameplate, a fraction of the bytes. */
const STORED_LONG_SIDE = 2560;
const THUMBNAIL_WIDTH = 320;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);
const WRONG_TYPE = 'Upload a JPEG, PNG, WebP or HEIC photo.';
/**
 * The most pixels an upload may decode to (sharp's own default, 16,383²): a small file declaring 400 MP (a pixel
 * bomb) is refused before it is decoded. Documents decode their images with the same limit (issue 27, item 11).
 */
export const MAX_IMAGE_PIXELS = 268_402_689;
export const IMAGE_NOT_READ = 'This image could not be read: it may be damaged, or larger than 268 megapixels.';

/**
 * Decodes an image (to a tiny size, streamed by the library) with the photo path's limits, refusing with 415 one
 * that is too large or does not decode: a file whose first bytes say PNG is not yet a PNG.
 */
export async function checkImage(input: Buffer): Promise<void> {
  try {
    await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).resize({ width: 16 }).raw().toBuffer();
  } catch {
    throw new HttpError(415, IMAGE_NOT_READ);
  }
}

/**
 * Reads an upload as an image (by its bytes, never its name), applies the camera's EXIF orientation and drops
 * all metadata (GPS location included), and makes the stored JPEG and a WebP thumbnail.
 */
export async function processPhoto(input: Buffer) {
  let format: string | undefined;
  let compression: string | undefined;
  try {
    ({ format, compression } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata());
  } catch {
    throw new HttpError(415, WRONG_TYPE);
  }
  if (!format || !ACCEPTED.has(format)) throw new HttpError(415, WRONG_TYPE);
  const image =
    format === 'heif' && compression === 'hevc'
      ? await fromHevc(input)
      : sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS });
  try {
    const upright = image.rotate();
    const { data: full, info } = await upright
      .clone()
      .resize({ width: STORED_LONG_SIDE, height: STORED_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await thumbnailOf(upright.clone());
    return { full, thumbnail, width: info.width, height: info.height, contentType: 'image/jpeg' };
  } catch {
    throw new HttpError(415, 'This photo could not be read. It may be damaged; try taking it again.');
  }
}

/** iPhones write HEIC with HEVC, which the prebuilt image library cannot decode: heic-decode can. */
async function fromHevc(input: Buffer): Promise<Sharp> {
  try {
    const { width, height, data } = await decodeHeic({ buffer: input });
    return sharp(Buffer.from(data), { raw: { width, height, channels: 4 } });
  } catch {
    throw new HttpError(415, 'This HEIC photo could not be read. It may be damaged; try taking it again.');
  }
}

/** The list's small picture of an upright image: THUMBNAIL_WIDTH wide, WebP. One recipe for photos and documents. */
const thumbnailOf = (upright: Sharp) => upright.resize({ width: THUMBNAIL_WIDTH }).webp({ quality: 70 }).toBuffer();

/** A thumbnail of an image already checked on upload (a document's): made when asked, so it needs no stored copy. */
export const makeThumbnail = (input: Buffer) =>
  thumbnailOf(sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate());
