import { Suspense, lazy, memo, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { Footer } from './footer';
import { LoadingIndicator } from '../components/loading-indicator';
import { Toaster } from '../components/toast';
import { useAuthRestoring, useCurrentUser } from '../hooks/use-auth';
import { loadOnce } from '../lib/load-once';

// The signed-in user's navigation (antd): a chunk of its own, fetched only once someone signs in.
const loadStaffNav = loadOnce(() => import('../pages/staff/frame/staff-nav'));
const StaffNav = lazy(() => loadStaffNav().then((m) => ({ default: m.StaffNav })));

/** The navigation is hidden on / and /login. */
const NAV_HIDDEN_ON = new Set(['/', '/login']);

// Tracking and heartbeat: a chunk of their own, fetched only once someone signs in.
const loadSessionServices = loadOnce(() => import('./session-services'));
const SessionServices = lazy(() =>
  loadSessionServices().then((m) => ({ default: m.SessionServices })),
);

/** What a signed-in screen draws around its page: started early when one is opened directly. */
export function preloadSignedInShell(): void {
  void loadStaffNav();
  void loadSessionServices();
}

/** Plain React and CSS only: everything reachable from here ships to public visitors. */
export function AppShell() {
  useScrollToTopOnNavigation();
  const user = useCurrentUser();
  // A user remembered from the last visit waits for the server to confirm the session.
  const restoring = useAuthRestoring();
  const { pathname } = useLocation();
  return (
    <div className="app">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      {user && !NAV_HIDDEN_ON.has(pathname) && (
        <Suspense fallback={<div className="staff-nav-placeholder" aria-hidden="true" />}>
          <StaffNav />
        </Suspense>
      )}
      <div id="main-content" className="app-main" tabIndex={-1}>
        <CurrentPage />
      </div>
      <Footer />
      <Toaster />
      {user && !restoring && (
        <Suspense fallback={null}>
          <SessionServices userId={user.id} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The page of the current route. Memoized: the shell re-renders when the session check answers,
 * which may come while React is still taking a prerendered page over, and an update reaching the
 * page's boundary then would swap the drawn page for the loading indicator until its chunk is in.
 */
const CurrentPage = memo(function CurrentPage() {
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <Outlet />
    </Suspense>
  );
});

/** A new page starts at its top; Back and Forward leave the scroll to the browser, which keeps it. */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
}
