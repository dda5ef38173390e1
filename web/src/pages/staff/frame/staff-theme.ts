import type { ThemeConfig } from 'antd';

/** Someone who asked their system for less motion gets none from antd (the public site's CSS too). */
const reducedMotion =
  typeof window !== 'undefined' &&
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** The brand on antd: one theme every staff screen shares (the same blues as the public site). */
export const STAFF_THEME: ThemeConfig = {
  cssVar: { key: 'staff' },
  token: {
    // Dialogs, drawers and toasts open and close at once instead of zooming and sliding.
    motion: !reducedMotion,
    colorPrimary: '#1d4ed8',
    colorInfo: '#2563eb',
    colorSuccess: '#16a34a',
    colorWarning: '#f59e0b',
    colorError: '#dc2626',
    colorTextBase: '#111827',
    // Every text at 4.5:1 or more on white (WCAG AA, which the end-to-end tests check with axe):
    // antd's default description, tertiary, placeholder and hover colours are lighter.
    colorTextDescription: '#4b5563',
    colorTextTertiary: '#4b5563',
    colorTextPlaceholder: '#6b7280',
    colorPrimaryHover: '#1e40af',
    colorBgLayout: '#f8fafc',
    borderRadius: 8,
    fontFamily: 'inherit',
  },
  components: {
    Layout: { headerBg: '#0f2a5c', headerColor: '#ffffff' },
    Table: { headerBg: '#f3f4f6' },
  },
};
