import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { authStore, startAuth } from './lib/auth-store';
import { Providers } from './app/providers';
import { AppRoutes, preloadScreen } from './app/routes';
// Both style sheets in the entry: the prerendered pages carry them inline (scripts/prerender.mjs),
// and no lazy page waits for a style sheet of its own while it hydrates.
import './app/app.css';
import './pages/public/public.css';

startAuth();
// A signed-in screen asks who is signed in now, while its code downloads, rather than once the
// frame's chunk has run and drawn (RequireAuth would ask then: a round trip later).
if (preloadScreen(window.location.pathname)) void authStore.restore();

const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);
const root = document.getElementById('root')!;
// A public page arrives rendered (prerender.tsx): React takes over its HTML instead of redrawing.
// Either way in a transition, so the work is cut into short tasks and a tap is never kept waiting.
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else startTransition(() => createRoot(root).render(app));
