import { App, ConfigProvider } from 'antd';
import { Suspense, lazy, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LoadingIndicator } from '../../../components/loading-indicator';
import {
  TOAST_DURATION_MS,
  claimToasts,
  dismissToast,
  useToastStore,
  type ToastItem,
} from '../../../components/toast';
import { STAFF_THEME } from './staff-theme';

/**
 * Each toast a notice of its own key: with one key for all, the close of a toast whose 5 s ended
 * as the next opened removed the next with it (by its key), and that toast was never seen.
 */
const noticeKey = (id: number) => `toast-${id}`;

/**
 * One at a time, drawn inside the page's 'Notifications (F8)' region (the plain Toaster's, which
 * stands aside), so screen readers and F8 find staff toasts where they find the public ones.
 */
const NOTIFICATIONS = {
  maxCount: 1,
  placement: 'bottomRight' as const,
  // A toast leaves after 5 s even under the pointer, as it always has.
  pauseOnHover: false,
  getContainer: () => document.querySelector<HTMLElement>('.toast-region') ?? document.body,
};

/**
 * Every signed-in screen (and the login page) renders inside this frame: the brand theme, and
 * antd's App, whose notifications show the toasts (one at a time, 5 s) while a staff screen is
 * open. Loaded with the staff pages only, so public visitors never download antd.
 */
export function StaffFrame() {
  return (
    <ConfigProvider theme={STAFF_THEME}>
      <App notification={NOTIFICATIONS} component={false}>
        <StaffToasts />
        <Outlet />
      </App>
    </ConfigProvider>
  );
}

const TYPES: Record<ToastItem['variant'], 'success' | 'error' | 'info'> = {
  default: 'success',
  destructive: 'error',
  info: 'info',
};

/** Shows the toast store's toast as antd's notification; F8 moves focus to it. */
function StaffToasts() {
  const { notification } = App.useApp();
  const { item } = useToastStore();
  const shown = useRef<number | null>(null);

  useEffect(() => claimToasts(), []);

  useEffect(() => {
    if (!item) {
      if (shown.current !== null) notification.destroy(noticeKey(shown.current));
      shown.current = null;
      return;
    }
    if (shown.current === item.id) return;
    shown.current = item.id;
    notification.open({
      key: noticeKey(item.id),
      type: TYPES[item.variant],
      title: item.title,
      description: item.description,
      duration: TOAST_DURATION_MS / 1000,
      role: item.variant === 'destructive' ? 'alert' : 'status',
      onClose: () => dismissToast(item.id),
    });
  }, [item, notification]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F8') return;
      const close = document.querySelector<HTMLElement>('.ant-notification-notice-close');
      if (!close) return;
      e.preventDefault();
      close.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return null;
}

const Login = lazy(() => import('../login/login-page').then((m) => ({ default: m.LoginPage })));
const Account = lazy(() => import('../account-pages').then((m) => ({ default: m.AccountPage })));

/**
 * Admin Login (with its second step) or one of the account's screens (issue 38: the second step's
 * setup, an invitation, a password reset, Security), by the address: each its own chunk, loaded
 * through this one, so the entry every visitor downloads carries no import of theirs.
 */
export function FramePage() {
  const { pathname } = useLocation();
  const Page = pathname === '/login' ? Login : Account;
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <Page />
    </Suspense>
  );
}
