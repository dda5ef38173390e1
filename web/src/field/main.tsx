import { createRoot } from 'react-dom/client';
import { FieldApp } from './app/field-app';

createRoot(document.getElementById('root')!).render(<FieldApp />);

/**
 * After the first paint: the service worker that lets the app open without signal, and a request
 * that the phone keep the app's data (the jobs and the steps not yet sent) when space runs short.
 * The worker takes over on the next open, once every tab of the old version is closed.
 */
function afterFirstPaint() {
  if ('serviceWorker' in navigator) {
    void import('workbox-window').then(({ Workbox }) =>
      new Workbox(`${import.meta.env.BASE_URL}sw.js`, {
        scope: import.meta.env.BASE_URL,
      }).register(),
    );
  }
  void navigator.storage?.persist?.();
}

if (document.readyState === 'complete') afterFirstPaint();
else window.addEventListener('load', afterFirstPaint, { once: true });
