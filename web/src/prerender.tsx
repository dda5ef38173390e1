import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { PRERENDERED_PAGES, routes } from './app/routes';

export { PRERENDERED_PAGES };

/**
 * The HTML of one public page, as the browser's first render draws it for a visitor who is not
 * signed in (built once by web/scripts/prerender.mjs; main.tsx hydrates it). Lazy pages are
 * awaited, so the page's own content is in the HTML.
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirected`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers>
        {/* hydrate={false}: no inline script with router state (CSP: script-src 'self'). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
