import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { createQrDecoder } from './qr-decoder';

/** How often a frame is read while the camera runs: fast enough to feel instant, light on a phone's battery. */
const FRAME_INTERVAL_MS = 150;

/** `unavailable`: no camera, or permission refused; the dialog says so and offers the typed valve ID instead. */
export type CameraState = 'off' | 'starting' | 'on' | 'unavailable';

/**
 * The scanner's camera (spec §2.9, §4): the rear camera into `video`, each frame read for a QR code, the first
 * code handed to `onCode` (the camera then stops). The stream is released on stop() and when the component
 * leaves. A camera that cannot start (none, permission refused, an insecure page) is logged and the state becomes
 * `unavailable`: a gloved technician must be told, not left tapping a button that does nothing (issue 17).
 */
export function useCamera(video: RefObject<HTMLVideoElement | null>, onCode: (text: string) => void) {
  const [state, setState] = useState<CameraState>('off');
  const stream = useRef<MediaStream | null>(null);
  // Bumped by every start and stop: a camera that opens after the user already stopped (or left) is closed at once.
  const generation = useRef(0);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  const release = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  }, [video]);

  const stop = useCallback(() => {
    generation.current += 1;
    release();
    setState('off');
  }, [release]);

  const start = useCallback(async () => {
    const mine = ++generation.current;
    setState('starting');
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser offers no camera to this page');
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (mine !== generation.current) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      stream.current = media;
      const element = video.current;
      if (!element) throw new Error('The camera preview is not on screen');
      element.srcObject = media;
      await element.play();
      if (mine === generation.current) setState('on');
    } catch (error) {
      console.error('Camera access failed', error);
      if (mine !== generation.current) return;
      release();
      setState('unavailable');
    }
  }, [release, video]);

  // Leaving (the dialog closes, the screen changes) releases the camera.
  useEffect(
    () => () => {
      generation.current += 1;
      release();
    },
    [release],
  );

  useEffect(() => {
    if (state !== 'on') return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      const decode = await createQrDecoder();
      const tick = async () => {
        if (cancelled || !video.current) return;
        let text: string | null = null;
        try {
          text = await decode(video.current);
        } catch (error) {
          console.warn('Could not read a camera frame', error);
        }
        if (cancelled) return;
        if (text?.trim()) {
          stop();
          onCodeRef.current(text);
          return;
        }
        timer = setTimeout(tick, FRAME_INTERVAL_MS);
      };
      await tick();
    })();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [state, stop, video]);

  return { state, start, stop };
}
