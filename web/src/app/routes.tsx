import { ComponentType, lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { AppShell } from './app-shell';
import { RequireAuth } from './require-auth';

// Every page is its own chunk: public visitors never download the back office (antd, leaflet, socket.io).
function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
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
const LoginPage = lazyPage(() => import('../pages/staff/login/login-page'), 'LoginPage');
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
          { path: '/login', element: <LoginPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: '/dispatch', element: <DispatchPage /> },
              { path: '/technician', element: <DispatchPage /> },
              { path: '/customer-database', element: <CustomerDatabasePage /> },
              { path: '/user-management', element: <UserManagementPage /> },
              { path: '/inventory', element: <InventoryPage /> },
              { path: '/schedules', element: <SchedulesPage /> },
              { path: '/day', element: <DayPage /> },
              { path: '/messages', element: <MessagesPage /> },
              { path: '/reports', element: <ReportsPage /> },
            ],
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
