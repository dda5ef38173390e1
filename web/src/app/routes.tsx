import { ComponentType, lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { AppShell, preloadSignedInShell } from './app-shell';
import { loadOnce } from '../lib/load-once';
import { RequireAuth } from './require-auth';

// Every page is its own chunk: public visitors never download the back office (antd, leaflet, socket.io).
function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  const once = loadOnce(load);
  return Object.assign(
    lazy(() => once().then((m) => ({ default: m[name] }))),
    { preload: once },
  );
}

const LandingPage = lazyPage(() => import('../pages/public/landing/landing-page'), 'LandingPage');
const CustomerFormPage = lazyPage(
  () => import('../pages/public/customer-form/customer-form-page'),
  'CustomerFormPage',
);
const ConfirmationPage = lazyPage(
  () => import('../pages/public/confirmation/confirmation-page'),
  'ConfirmationPage',
);
const TrackPage = lazyPage(() => import('../pages/public/track/track-page'), 'TrackPage');
const FaqPage = lazyPage(() => import('../pages/public/faq/faq-page'), 'FaqPage');
const PricingPage = lazyPage(() => import('../pages/public/pricing/pricing-page'), 'PricingPage');
const AboutPage = lazyPage(() => import('../pages/public/about/about-page'), 'AboutPage');
const TermsPage = lazyPage(() => import('../pages/public/terms/terms-page'), 'TermsPage');
const DispatchPage = lazyPage(
  () => import('../pages/staff/dispatch/dispatch-page'),
  'DispatchPage',
);
const CustomerDatabasePage = lazyPage(
  () => import('../pages/staff/customer-database/customer-database-page'),
  'CustomerDatabasePage',
);
const UserManagementPage = lazyPage(
  () => import('../pages/staff/user-management/user-management-page'),
  'UserManagementPage',
);
const InventoryPage = lazyPage(
  () => import('../pages/staff/inventory/inventory-page'),
  'InventoryPage',
);
const SchedulesPage = lazyPage(
  () => import('../pages/staff/schedules/schedules-page'),
  'SchedulesPage',
);
const DayPage = lazyPage(() => import('../pages/staff/day/day-page'), 'DayPage');
const MessagesPage = lazyPage(
  () => import('../pages/staff/messages/messages-page'),
  'MessagesPage',
);
const ReportsPage = lazyPage(() => import('../pages/staff/reports/reports-page'), 'ReportsPage');
const StaffFrame = lazyPage(() => import('../pages/staff/frame/staff-frame'), 'StaffFrame');
// The login and the account's screens (issue 38) load through the frame's chunk: no import of
// theirs here, in the entry every visitor downloads.
const FramePage = lazyPage(StaffFrame.preload, 'FramePage');
const NotFoundPage = lazyPage(() => import('../pages/not-found/not-found-page'), 'NotFoundPage');

/**
 * The public pages rendered to HTML at build time (web/scripts/prerender.mjs), then hydrated.
 * Not /confirmation nor /track: they show the visitor's own booking, read by its private link.
 * `module` is the lazy page's source, whose chunk and styles the HTML loads at once (from Vite's
 * manifest).
 */
export const PRERENDERED_PAGES = [
  { path: '/', module: 'src/pages/public/landing/landing-page.tsx' },
  { path: '/customer-form', module: 'src/pages/public/customer-form/customer-form-page.tsx' },
  { path: '/faq', module: 'src/pages/public/faq/faq-page.tsx' },
  { path: '/pricing', module: 'src/pages/public/pricing/pricing-page.tsx' },
  { path: '/about', module: 'src/pages/public/about/about-page.tsx' },
  { path: '/terms-of-service', module: 'src/pages/public/terms/terms-page.tsx' },
] as const;

/**
 * The staff screens' HTML (web/scripts/prerender.mjs): the shell with every chunk a screen needs
 * as modulepreload links (`module` and what the signed-in frame loads, the sources of the lazy
 * imports here and in app-shell.tsx), so the downloads start with the entry's, not after it has
 * run. Nothing is rendered into it: what it shows depends on who is signed in.
 */
export const STAFF_FRAME_MODULES = [
  'src/pages/staff/frame/staff-frame.tsx',
  'src/pages/staff/frame/staff-nav.tsx',
  'src/app/session-services.tsx',
] as const;
// Only paths the gateway maps to a page file (one segment: /forgot-password, not
// /account/security, /invite/:token): the others get the plain shell and preloadScreen.
export const PRELOADED_STAFF_PAGES = [
  { path: '/login', module: 'src/pages/staff/login/login-page.tsx' },
  { path: '/forgot-password', module: 'src/pages/staff/account-pages.tsx' },
  { path: '/dispatch', module: 'src/pages/staff/dispatch/dispatch-page.tsx' },
  { path: '/technician', module: 'src/pages/staff/dispatch/dispatch-page.tsx' },
  {
    path: '/customer-database',
    module: 'src/pages/staff/customer-database/customer-database-page.tsx',
  },
  {
    path: '/user-management',
    module: 'src/pages/staff/user-management/user-management-page.tsx',
  },
  { path: '/inventory', module: 'src/pages/staff/inventory/inventory-page.tsx' },
  { path: '/schedules', module: 'src/pages/staff/schedules/schedules-page.tsx' },
  { path: '/day', module: 'src/pages/staff/day/day-page.tsx' },
  { path: '/messages', module: 'src/pages/staff/messages/messages-page.tsx' },
  { path: '/reports', module: 'src/pages/staff/reports/reports-page.tsx' },
] as const;

/** The staff screens behind the sign-in, by path. */
const STAFF_SCREENS = {
  '/dispatch': DispatchPage,
  '/technician': DispatchPage,
  '/customer-database': CustomerDatabasePage,
  '/user-management': UserManagementPage,
  '/inventory': InventoryPage,
  '/schedules': SchedulesPage,
  '/day': DayPage,
  '/messages': MessagesPage,
  '/reports': ReportsPage,
  // SECURITY_PATH of lib/login-step (a literal: that module stays out of the entry).
  '/account/security': FramePage,
} as const;

/**
 * The login and the account's screens reached before a sign-in is complete (issue 38): in the
 * staff frame, without the navigation or what runs once someone is signed in. A pending session's
 * setup is one.
 */
const SIGN_IN_PATHS = [
  '/login',
  '/forgot-password',
  // SETUP_TWO_STEP_PATH of lib/login-step.
  '/account/setup-two-step',
  '/invite/:token',
  '/reset-password/:token',
];

/**
 * Opened at a staff screen's address, the app starts every chunk that screen needs at once (the
 * antd frame, the navigation, the page), not each when the one before has drawn: one round of
 * downloads instead of four waves before the page even asks for its data. Called at start; answers
 * whether the address is a signed-in screen (whose session is then asked for at once too).
 */
export function preloadScreen(pathname: string): boolean {
  const screen = STAFF_SCREENS[pathname as keyof typeof STAFF_SCREENS];
  // The login comes through the frame's chunk (and the account's screens, not preloaded: rare).
  if (!screen && pathname !== '/login') return false;
  void StaffFrame.preload();
  if (!screen) return false;
  void screen.preload();
  preloadSignedInShell();
  return true;
}

/** The app's routes: under the browser router in main.tsx, the static one in prerender.tsx. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/customer-form', element: <CustomerFormPage /> },
      // Bare: "Find your booking"; with the private link's token: the booking just made.
      { path: '/confirmation', element: <ConfirmationPage /> },
      { path: '/confirmation/:token', element: <ConfirmationPage /> },
      { path: '/track/:token', element: <TrackPage /> },
      { path: '/faq', element: <FaqPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/terms-of-service', element: <TermsPage /> },
      {
        // The staff screens share antd's theme and notifications; public pages never load it.
        element: <StaffFrame />,
        children: [
          ...SIGN_IN_PATHS.map((path) => ({ path, element: <FramePage /> })),
          {
            element: <RequireAuth />,
            children: Object.entries(STAFF_SCREENS).map(([path, Screen]) => ({
              path,
              element: <Screen />,
            })),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The routes as elements. Declarative routing (BrowserRouter and useRoutes) rather than a data
 * router: the app uses no loaders or actions, and the data router's code was a sixth of what every
 * public visitor downloads first.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
