import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { AppShell } from './app-shell';
import { RequireAuth } from './require-auth';

// Every page is its own chunk: public visitors never download the back office (antd, leaflet, socket.io).
const LandingPage = lazy(() =>
  import('../pages/public/landing-page').then((m) => ({ default: m.LandingPage })),
);
const CustomerFormPage = lazy(() =>
  import('../pages/public/customer-form-page').then((m) => ({ default: m.CustomerFormPage })),
);
const ConfirmationPage = lazy(() =>
  import('../pages/public/confirmation-page').then((m) => ({ default: m.ConfirmationPage })),
);
const FaqPage = lazy(() =>
  import('../pages/public/faq-page').then((m) => ({ default: m.FaqPage })),
);
const PricingPage = lazy(() =>
  import('../pages/public/pricing-page').then((m) => ({ default: m.PricingPage })),
);
const AboutPage = lazy(() =>
  import('../pages/public/about-page').then((m) => ({ default: m.AboutPage })),
);
const TermsPage = lazy(() =>
  import('../pages/public/terms-page').then((m) => ({ default: m.TermsPage })),
);
const LoginPage = lazy(() =>
  import('../pages/staff/login/login-page').then((m) => ({ default: m.LoginPage })),
);
const DispatchPage = lazy(() =>
  import('../pages/staff/dispatch/dispatch-page').then((m) => ({ default: m.DispatchPage })),
);
const CustomerDatabasePage = lazy(() =>
  import('../pages/staff/customer-database/customer-database-page').then((m) => ({
    default: m.CustomerDatabasePage,
  })),
);
const UserManagementPage = lazy(() =>
  import('../pages/staff/user-management/user-management-page').then((m) => ({
    default: m.UserManagementPage,
  })),
);
const InventoryPage = lazy(() =>
  import('../pages/staff/inventory/inventory-page').then((m) => ({ default: m.InventoryPage })),
);
const NotFoundPage = lazy(() =>
  import('../pages/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/customer-form', element: <CustomerFormPage /> },
      { path: '/confirmation', element: <ConfirmationPage /> },
      { path: '/faq', element: <FaqPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/terms-of-service', element: <TermsPage /> },
      { path: '/login', element: <LoginPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/dispatch', element: <DispatchPage /> },
          { path: '/technician', element: <DispatchPage /> },
          { path: '/customer-database', element: <CustomerDatabasePage /> },
          { path: '/user-management', element: <UserManagementPage /> },
          { path: '/inventory', element: <InventoryPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
