/** The photos domain's door: what the app may use of it (docs/decisions/008). */

export { uploadPhoto } from './commands';
export { checkImage, IMAGE_NOT_READ, MAX_PHOTO_BYTES, makeThumbnail, processPhoto } from './processing';
export { photoRecords } from './record-kind';
export { photoRoutes } from './routes';
export { findPhoto, photoFile, presentPhoto } from './service';
