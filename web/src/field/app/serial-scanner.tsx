import { useEffect, useRef, useState } from 'react';
import { SCAN_MESSAGES, serialFromBarcode } from './serial-scan';

/** How often a frame is read: often enough to feel instant, rarely enough for a slow phone. */
const LOOK_EVERY_MS = 200;

/**
 * "Scan" beside a serial's field: the back camera opens under it and the first barcode that is a
 * serial fills the field. Typing always works; the scanner is a shortcut, never the only way.
 */
export function ScanButton({
  label,
  onSerial,
}: {
  label: string;
  onSerial: (serial: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="fa-button fa-button-quiet"
        aria-expanded={open}
        aria-label={open ? `Stop scanning: ${label}` : `Scan barcode: ${label}`}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Stop scanning' : 'Scan barcode'}
      </button>
      {open && (
        <SerialScanner
          label={label}
          onSerial={(serial) => {
            setOpen(false);
            onSerial(serial);
          }}
        />
      )}
    </>
  );
}

function SerialScanner({ label, onSerial }: { label: string; onSerial: (serial: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  // The camera's loop outlives a render: it calls the latest `onSerial` through this.
  const found = useRef(onSerial);
  useEffect(() => {
    found.current = onSerial;
  });
  const [message, setMessage] = useState<string>(SCAN_MESSAGES.starting);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => stream?.getTracks().forEach((track) => track.stop());
    void (async () => {
      try {
        const [{ openLabelReader }, media] = await Promise.all([
          import('./barcode-reader'),
          navigator.mediaDevices.getUserMedia({
            video: { facingMode: 'environment', width: { ideal: 1280 } },
            audio: false,
          }),
        ]);
        stream = media;
        const frame = video.current;
        if (stopped || !frame) return stop();
        frame.srcObject = media;
        await frame.play();
        const reader = await openLabelReader();
        if (stopped) return;
        setMessage(SCAN_MESSAGES.aim);
        const look = async () => {
          if (stopped) return;
          const codes = frame.readyState >= 2 ? await reader.read(frame).catch(() => []) : [];
          if (stopped) return;
          const serial = codes.map(serialFromBarcode).find((code) => code !== null);
          if (serial) {
            navigator.vibrate?.(60);
            return found.current(serial);
          }
          if (codes.length) setMessage(SCAN_MESSAGES.notASerial);
          timer = setTimeout(() => void look(), LOOK_EVERY_MS);
        };
        await look();
      } catch {
        if (!stopped) {
          setFailed(true);
          setMessage(SCAN_MESSAGES.noCamera);
        }
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stop();
    };
  }, []);

  return (
    <div className="fa-scanner">
      {!failed && (
        <video
          ref={video}
          className="fa-scanner-view"
          aria-label={`Camera, reading the ${label}`}
          muted
          playsInline
        />
      )}
      <p className={failed ? 'fa-error' : 'fa-muted'} role={failed ? 'alert' : 'status'}>
        {message}
      </p>
    </div>
  );
}
