import { useEffect, useRef, useState } from 'react';
import { Button, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { ErrorMessage } from '../../../components/ui/status.tsx';
import { checkInCodeIn, qrReader, type ReadQr } from '../decode-qr.ts';

const FRAME_GAP_MS = 200;
const NO_READER =
  'The QR reader could not be loaded (no signal?): type the name, bib or reference in the search box below instead.';

/** The rear camera, read a few times a second until a check-in code shows. */
function Camera({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('Starting the camera…');
  // The camera stays open across renders: only the latest callback is called.
  const found = useRef(onCode);
  found.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      let read: ReadQr;
      try {
        read = await qrReader();
      } catch {
        return setProblem(NO_READER);
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch {
        return setProblem('The camera could not be opened: allow this site to use it, or type a name below.');
      }
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      setStatus('Point the camera at the QR code.');
      const next = async () => {
        if (stopped) return;
        const text = element.readyState >= 2 ? await read(element).catch(() => null) : null;
        const code = text && checkInCodeIn(text);
        if (code) {
          found.current(code);
          return;
        }
        timer = setTimeout(next, FRAME_GAP_MS);
      };
      void next();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="flex flex-col gap-3">
      {problem ? (
        <ErrorMessage>{problem}</ErrorMessage>
      ) : (
        <>
          <video
            ref={video}
            muted
            playsInline
            aria-label="Camera"
            className="aspect-square w-full max-w-sm rounded-xl bg-stone-900 object-cover"
          />
          <p role="status">{status}</p>
        </>
      )}
      <button type="button" className={secondaryButtonClass} onClick={onClose}>
        {problem ? 'Close' : 'Stop scanning'}
      </button>
    </div>
  );
}

/** "Scan a QR code": opens the camera, and closes it once it has read a code. */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button type="button" className="w-full text-lg sm:w-auto" onClick={() => setOpen(true)}>
        Scan a QR code
      </Button>
    );
  }
  return (
    <Camera
      onClose={() => setOpen(false)}
      onCode={(code) => {
        setOpen(false);
        onCode(code);
      }}
    />
  );
}
