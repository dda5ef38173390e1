import { useEffect, useState } from 'react';

/**
 * A QR code drawn as inline SVG (uqr, loaded when one is first shown): crisp at any size, no
 * image request and no canvas. `label` names it for screen readers.
 */
export function QrCode({
  text,
  label,
  className,
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const [drawn, setDrawn] = useState<{ text: string; modules: boolean[][] } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('uqr').then(
      ({ encode }) => {
        if (live) setDrawn({ text, modules: encode(text, { border: 4, ecc: 'M' }).data });
      },
      (error: unknown) => {
        console.warn('Could not load the QR code drawer', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [text]);

  const modules = drawn?.text === text ? drawn.modules : null;
  if (!modules)
    return (
      <p className={className} role="status">
        {failed ? 'The QR code could not be drawn: enter the key by hand.' : 'Drawing the code...'}
      </p>
    );
  const size = modules.length;
  const path = modules
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')))
    .join('');
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
