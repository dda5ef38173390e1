import type { NextFunction, Request, Response } from 'express';
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

/** The technicians' app and its service worker, under `/field`. */
const isFieldApp = (path: string) => path === '/field' || path.startsWith('/field/');

/** The API's answers (JSON) under `/api/`; the docs page there is a page. */
const isApiAnswer = (path: string) => path.startsWith('/api/') && !path.startsWith('/api/docs');

/**
 * helmet's headers, one set for pages and one for the API's answers.
 *
 * Pages: scripts only from this origin (the public pages are prerendered without inline script),
 * styles inline too (antd and Leaflet set style attributes), images and the tile check from the
 * configured map tiles, no framing. The field app's service worker and manifest from this origin
 * (default-src allows them already; named so that tightening it never breaks the app offline).
 *
 * API answers are data, never a document: `default-src 'none'` and no framing, nosniff, and none
 * of the headers that only mean something for a page (OWASP's REST headers). A JSON answer opened
 * directly in a tab runs nothing and loads nothing.
 *
 * Both: HSTS only when TLS ends at the proxy in front (TRUST_PROXY), since plain http on a
 * developer's machine must keep working.
 */
export function securityHeaders(options: { mapTileUrl: string; behindTls: boolean }) {
  const tiles = tileSource(options.mapTileUrl);
  const withTiles = (sources: string[]) => (tiles ? [...sources, tiles] : sources);
  const common = {
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.behindTls
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    // The same as frame-ancestors 'none', for browsers that read only the older header.
    xFrameOptions: { action: 'deny' },
  } as const;
  const pageHeaders = (scriptSrc: string[]) =>
    helmet({
      ...common,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc,
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: withTiles(["'self'", 'data:', 'blob:']),
          connectSrc: withTiles(["'self'"]),
          fontSrc: ["'self'", 'data:'],
          mediaSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    });
  const forPages = pageHeaders(["'self'"]);
  // The field app's barcode reader is WebAssembly: compiling it needs 'wasm-unsafe-eval' (which
  // allows no JavaScript eval), and only the field app's pages get it.
  const forFieldApp = pageHeaders(["'self'", "'wasm-unsafe-eval'"]);
  const forApi = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const headersFor = (path: string) =>
    isApiAnswer(path) ? forApi : isFieldApp(path) ? forFieldApp : forPages;
  return (req: Request, res: Response, next: NextFunction) => headersFor(req.path)(req, res, next);
}
