import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
import sharp from 'sharp';
import { type LabelValve, labelSvg } from '../../client/src/features/labels/label-svg';

/** The valve the fake camera films: the sample gate valve, as the demo plant has it. */
export const FILMED_VALVE: LabelValve = { valveId: 'V-002-GV', plant: 'Gas Plant B' };

/**
 * A camera video of a valve's QR label, made the way a technician would meet it: the project's own label
 * generator draws the label, sharp turns it into a PNG, and ffmpeg (scripts/ensure-ffmpeg.sh) makes the y4m file
 * Chromium plays as its fake camera: 640×480, the label centred on white, two seconds, looped by Chromium.
 */
export async function makeFakeCameraVideo(valve: LabelValve, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const png = path.join(dir, `${valve.valveId}-label.png`);
  const y4m = path.resolve(dir, `${valve.valveId}-label.y4m`);
  await sharp(Buffer.from(labelSvg(valve)), { density: 200 })
    .resize({ height: 400 })
    .flatten({ background: '#ffffff' })
    .png()
    .toFile(png);
  try {
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-loop',
      '1',
      '-i',
      png,
      '-t',
      '2',
      '-r',
      '10',
      '-vf',
      'pad=640:480:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p',
      y4m,
    ]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('ffmpeg is missing: run scripts/ensure-ffmpeg.sh (npm test does) to film the fake camera video');
    }
    throw error;
  }
  return y4m;
}

/**
 * Specs that use the camera: Chromium launched with a fake camera that films FILMED_VALVE's label, and camera
 * permission granted, on top of the project's own launch options (kept as they are).
 */
export const test = base.extend<object, { fakeCameraVideo: string }>({
  fakeCameraVideo: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies destructured
    async ({}, use) => {
      const dir = path.join('test-results', `fake-camera-${process.env.E2E_PORT ?? 'default'}`);
      await use(await makeFakeCameraVideo(FILMED_VALVE, dir));
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, fakeCameraVideo }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${fakeCameraVideo}`,
        ],
      });
    },
    { scope: 'worker' },
  ],
});
