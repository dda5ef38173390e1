import helmet from 'helmet';

/** `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png` -> `https://*.tile.openstreetmap.org`. */
export function tileSource(tileUrl: string): string | null {
  try {
    const url = new URL(tileUrl.replace(/\{s\}/g, 'a'));
    const host = tileUrl.includes('{s}') ? url.host.replace(/^a\./, '*.') : url.host;
    return `${url.protocol}//${host}`;
  } catch {
    return null; // a relative or broken URL: the tiles come from here or nowhere
  }
}

/**
 * helmet's headers with our policy: scripts only from this origin (the public pages are
 * prerendered without inline script), styles inline too (antd and Leaflet set style attributes),
 * images and the tile check from the configured map tiles, no framing; HSTS only when TLS ends at
 * the proxy in front (TRUST_PROXY), since plain http on a developer's machine must keep working.
 */
export function securityHeaders(options: { mapTileUrl: string; behindTls: boolean }) {
  const tiles = tileSource(options.mapTileUrl);
  const withTiles = (sources: string[]) => (tiles ? [...sources, tiles] : sources);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: withTiles(["'self'", 'data:', 'blob:']),
        connectSrc: withTiles(["'self'"]),
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.behindTls
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
}
