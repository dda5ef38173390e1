import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { Providers } from './app/providers';
import {
  AppRoutes,
  PRELOADED_STAFF_PAGES,
  PRERENDERED_PAGES,
  STAFF_FRAME_MODULES,
} from './app/routes';

export { PRELOADED_STAFF_PAGES, PRERENDERED_PAGES, STAFF_FRAME_MODULES };

/**
 * The HTML of one public page, as the browser's first render draws it for a visitor who is not
 * signed in (built once by web/scripts/prerender.mjs; main.tsx hydrates it). Lazy pages are
 * awaited, so the page's own content is in the HTML.
 */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
