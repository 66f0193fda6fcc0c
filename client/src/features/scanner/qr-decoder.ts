/** Reads a QR code from the current frame of a playing video; null while none is in view. */
export type QrDecoder = (video: HTMLVideoElement) => Promise<string | null>;

/** The part of the Barcode Detection API the scanner uses (not yet in TypeScript's DOM types). */
type BarcodeDetectorLike = { detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats: () => Promise<string[]>;
};

/** Frames are scaled down to this width before jsQR reads them: a label fills enough of the frame. */
const MAX_FRAME_WIDTH = 640;

/**
 * The browser's own BarcodeDetector where it reads QR codes (Chrome on Android, Safari), else jsQR on canvas
 * frames (Chromium on Linux and Windows, Firefox); jsQR loads only when needed.
 */
export async function createQrDecoder(): Promise<QrDecoder> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    try {
      if ((await Detector.getSupportedFormats()).includes('qr_code')) {
        const detector = new Detector({ formats: ['qr_code'] });
        return async (video) => {
          if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return null;
          return (await detector.detect(video))[0]?.rawValue ?? null;
        };
      }
    } catch (error) {
      console.warn('BarcodeDetector unavailable, reading frames with jsQR', error);
    }
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return null;
    const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const frame = context.getImageData(0, 0, width, height);
    return jsQR(frame.data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}
