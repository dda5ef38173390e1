import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { PHOTO_KIND_LABELS, PHOTO_MESSAGES, type PhotoKind } from '@cincy/contracts';

/**
 * A camera photo made small for the upload (at most 1600 px, about 0.5 MB, JPEG) and without its
 * metadata: drawn again on a canvas, so the location a phone writes in its Exif is not carried.
 * The library loads when the first photo is taken (it is not on the first screen), in this page
 * (no worker fetched from a CDN).
 */
export async function smallPhoto(file: File): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    maxSizeMB: 0.5,
    maxWidthOrHeight: 1600,
    useWebWorker: false,
    fileType: 'image/jpeg',
    initialQuality: 0.8,
    preserveExif: false,
  });
}

/** A button that opens the phone's camera; the photo taken goes on, made small. */
export function PhotoButton({
  kind,
  jobId,
  onPhoto,
}: {
  kind: Exclude<PhotoKind, 'signature'>;
  jobId: number;
  onPhoto: (image: Blob) => Promise<void>;
}) {
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `photo-${jobId}-${kind}`;
  const taken = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same photo may be taken again
    if (!file) return;
    setError(null);
    setWorking(true);
    try {
      await onPhoto(await smallPhoto(file));
    } catch {
      setError(PHOTO_MESSAGES.notAnImage);
    } finally {
      setWorking(false);
    }
  };
  return (
    <div className="fa-field">
      <label htmlFor={id} className="fa-button fa-button-quiet fa-file" aria-busy={working}>
        {working ? 'Saving the photo…' : `Photo: ${PHOTO_KIND_LABELS[kind].toLowerCase()}`}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        className="fa-visually-hidden"
        disabled={working}
        onChange={(event) => void taken(event)}
      />
      {error && (
        <p className="fa-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** What the customer signs, under their printed name. */
export const SIGNATURE_STATEMENT = 'I confirm the battery was replaced.';

/**
 * The customer signs on the phone with a finger (signature_pad, loaded when the box opens) under
 * the statement, and their name is typed under it; kept as a PNG like a photo.
 */
export function SignatureForm({
  jobId,
  onCancel,
  onSave,
}: {
  jobId: number;
  onCancel: () => void;
  onSave: (image: Blob, signedBy: string) => Promise<void>;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<{ isEmpty(): boolean; clear(): void; off(): void } | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let stopped = false;
    void import('signature_pad').then(({ default: SignaturePad }) => {
      const box = canvas.current;
      if (stopped || !box) return;
      // Drawn at the screen's own density, so the line is sharp.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      box.width = box.offsetWidth * ratio;
      box.height = box.offsetHeight * ratio;
      box.getContext('2d')?.scale(ratio, ratio);
      pad.current = new SignaturePad(box, { backgroundColor: '#ffffff', penColor: '#111827' });
    });
    return () => {
      stopped = true;
      pad.current?.off();
    };
  }, []);

  const save = async () => {
    if (!pad.current || pad.current.isEmpty())
      return setError('Ask the customer to sign in the box.');
    if (!name.trim()) return setError(PHOTO_MESSAGES.signedBy);
    const image = await new Promise<Blob | null>((resolve) =>
      canvas.current!.toBlob(resolve, 'image/png'),
    );
    if (!image) return setError('The signature could not be saved. Try again.');
    setSaving(true);
    try {
      await onSave(image, name.trim());
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="fa-form">
      <h4 className="fa-form-title">Customer&apos;s signature</h4>
      <p>{SIGNATURE_STATEMENT}</p>
      <canvas
        ref={canvas}
        className="fa-signature"
        aria-label="Signature box: sign with a finger"
      />
      <label className="fa-label" htmlFor={`signed-by-${jobId}`}>
        Customer&apos;s name
      </label>
      <input
        id={`signed-by-${jobId}`}
        className="fa-input"
        value={name}
        maxLength={100}
        autoComplete="off"
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
      />
      {error && (
        <p className="fa-error" role="alert">
          {error}
        </p>
      )}
      <div className="fa-row">
        <button type="button" className="fa-button" disabled={saving} onClick={() => void save()}>
          Save signature
        </button>
        <button
          type="button"
          className="fa-button fa-button-quiet"
          onClick={() => pad.current?.clear()}
        >
          Clear
        </button>
        <button type="button" className="fa-button fa-button-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** A photo still on the phone, shown from its own bytes (the address is freed when it goes). */
export function WaitingThumb({ image, label }: { image: Blob; label: string }) {
  const url = useMemo(() => URL.createObjectURL(image), [image]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img className="fa-thumb" src={url} alt={`${label} (waiting for signal)`} />;
}
