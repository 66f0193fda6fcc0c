import { SAMPLE_VALVE_IDS, TIMINGS } from '@common/constants';
import { TEXTS } from '@common/texts';
import { Camera, CameraOff, LoaderCircle, ScanLine, VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useSession } from '@/lib/session/session-query';
import { scannedTag } from './api/scanned-tag';
import { ScanResult } from './components/scan-result';
import { ValveIdEntry } from './components/valve-id-entry';
import { nextSimulatedScan } from './simulated-scan';
import { useCamera } from './use-camera';
import { useValveLookup } from './use-valve-lookup';

const T = TEXTS.scanner;

/** Spec §2.9: closing the dialog unmounts its content, which releases the camera and cancels a pending redirect. */
export function ScannerDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={T.title} description="Scan a valve's QR code or type its ID to open its details.">
        <Scanner onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function Scanner({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const valveIdField = useRef<HTMLInputElement>(null);
  const { state: lookup, lookUp } = useValveLookup();
  // The label's request QR names the same valve as its lookup code: either opens it.
  const camera = useCamera(video, (text) => void scannedTag(text).then(lookUp));
  // Simulate Scan opens the next sample valve: a demo's stand-in for a label, never offered to a real plant.
  const demo = useSession().data?.demo === true;
  const [simulated, setSimulated] = useState<string | null>(null);

  useEffect(() => {
    if (camera.state === 'unavailable') valveIdField.current?.focus();
  }, [camera.state]);

  // Spec §9: one second after a valve is found, its detail screen, and the scanner closes.
  useEffect(() => {
    if (lookup.status !== 'found') return;
    const timer = setTimeout(() => {
      navigate(`/valves/${lookup.valve.id}`);
      onDone();
    }, TIMINGS.scannerRedirectMs);
    return () => clearTimeout(timer);
  }, [lookup, navigate, onDone]);

  const simulateScan = () => {
    camera.stop();
    const sample = nextSimulatedScan();
    setSimulated(T.simulated(sample.valveId, sample.position, SAMPLE_VALVE_IDS.length));
    void lookUp(sample.valveId);
  };

  return (
    <div className="mx-auto grid w-full max-w-sm gap-4">
      {/* Square, and short enough on a phone to leave the entry field and the result in view. */}
      <div className="relative mx-auto aspect-square w-full max-w-[45dvh] overflow-hidden rounded-xl bg-slate-900">
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera preview"
          className={camera.state === 'on' ? 'size-full object-cover' : 'hidden'}
        />
        {camera.state === 'on' ? null : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-6 text-center text-slate-300">
            {camera.state === 'unavailable' ? (
              <div role="alert" className="grid justify-items-center gap-2 text-white">
                <VideoOff className="size-12" aria-hidden="true" />
                <p className="text-lg font-bold">{T.cameraUnavailable}</p>
                <p className="text-base text-slate-200">{T.cameraUnavailableHint}</p>
              </div>
            ) : (
              <>
                {camera.state === 'starting' ? (
                  <LoaderCircle className="size-12 animate-spin" aria-hidden="true" />
                ) : (
                  <CameraOff className="size-12" aria-hidden="true" />
                )}
                <p className="text-sm">{T.cameraHint}</p>
              </>
            )}
          </div>
        )}
        {camera.state === 'on' ? (
          // The scan frame: where the label should sit.
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-[15%] rounded-lg border-4 border-white/80 shadow-[0_0_0_100vmax_rgba(15,23,42,0.35)]"
          />
        ) : null}
      </div>

      {camera.state === 'off' || camera.state === 'unavailable' ? (
        <Button variant={camera.state === 'off' ? 'primary' : 'outline'} onClick={() => void camera.start()}>
          <Camera className="size-5" aria-hidden="true" />
          {T.startCamera}
        </Button>
      ) : (
        <div className={demo ? 'grid grid-cols-2 gap-2' : 'grid'}>
          {demo ? (
            <Button variant="outline" onClick={simulateScan} disabled={camera.state !== 'on'} className="border-dashed">
              <ScanLine className="size-5" aria-hidden="true" />
              <span className="grid text-left leading-tight">
                {T.simulateScan}
                <span className="text-xs font-normal text-amber-800">{T.demoScanLabel}</span>
              </span>
            </Button>
          ) : null}
          <Button variant="outline" onClick={camera.stop}>
            <CameraOff className="size-5" aria-hidden="true" />
            {T.stop}
          </Button>
        </div>
      )}
      {simulated ? (
        <p role="status" className="text-center text-sm font-semibold text-amber-800">
          {simulated}
        </p>
      ) : null}

      <ValveIdEntry inputRef={valveIdField} onSubmit={(valveId) => void lookUp(valveId)} />
      {lookup.status === 'idle' ? null : <ScanResult state={lookup} />}
    </div>
  );
}
