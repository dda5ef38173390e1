import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from './footer';
import { LoadingIndicator } from '../components/loading-indicator';
import { NavBar } from './nav-bar';
import { Toaster } from '../components/toast';

/** Plain React and CSS only: everything reachable from here ships to public visitors. */
export function AppShell() {
  return (
    <div className="app">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <NavBar />
      <div id="main-content" className="app-main" tabIndex={-1}>
        <Suspense fallback={<LoadingIndicator />}>
          <Outlet />
        </Suspense>
      </div>
      <Footer />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
