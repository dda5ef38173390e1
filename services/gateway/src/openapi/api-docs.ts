import { dirname } from 'node:path';
import express, { Request, Response, Router } from 'express';

/** The docs page and its initializer: our files, so the page needs no inline script (CSP). */
const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Cincy Battery API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  withCredentials: true,
});
`;

/**
 * `/api/docs`: Swagger UI from swagger-ui-dist (served from node_modules, no CDN) over
 * `/api/openapi.json`. Mounted before the API so the API's 404 does not answer for its files.
 */
export function apiDocsRouter(): Router {
  const app = Router();
  const assets = dirname(require.resolve('swagger-ui-dist/package.json'));
  app.get(['/api/docs', '/api/docs/'], (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(DOCS_HTML);
  });
  app.get('/api/docs/init.js', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('js').send(DOCS_INIT);
  });
  app.use('/api/docs', express.static(assets, { index: false, maxAge: '1d', fallthrough: false }));
  return app;
}
