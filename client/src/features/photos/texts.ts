/** Display texts of photo upload (tests import them). */
export const PHOTO_TEXTS = {
  addTitle: 'Add Photo',
  docTitle: 'Photo Documentation',
  chooseFile: 'Take or Choose Photo',
  chooseAnother: 'Choose Another',
  fileHint: 'JPEG, PNG, WebP or HEIC, up to 15 MB. On a phone this opens the camera.',
  upload: 'Upload Photo',
  uploading: 'Uploading…',
  uploaded: 'Photo uploaded',
  uploadFailed: 'Could not upload the photo',
  cancel: 'Cancel',
  noFile: 'Take or choose a photo first.',
  chooseValve: 'Which valve is the photo of?',
} as const;
