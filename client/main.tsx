// Entry point: language setup, the install-offer listener, the React tree, and the service worker.
import { createRoot } from 'react-dom/client';
import './index.css';
import './i18n/i18n.ts';
import { listenForInstallPrompt } from './features/install/install-prompt.ts';
import { App } from './app/app.tsx';
import { Providers } from './app/providers.tsx';

listenForInstallPrompt();

createRoot(document.getElementById('root')!).render(
  <Providers>
    <App />
  </Providers>,
);

// The service worker makes the app shell load offline after the first visit. It exists only in builds
// (vite-plugin-pwa writes dist/client/sw.js), and only secure contexts (https, localhost) allow one.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('[foray] Service worker registration failed; the app works online only.', error);
    });
  });
}
