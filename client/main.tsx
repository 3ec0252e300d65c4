// Entry point: language setup, the install-offer listener, the React tree, and the service worker.
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import './i18n/i18n.ts';
import { listenForInstallPrompt } from './features/install/install-prompt.ts';
import { App } from './app/app.tsx';
import { Providers } from './app/providers.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';

listenForInstallPrompt();

const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <Providers>
      <App />
    </Providers>,
  ),
);

// The service worker keeps the app shell and viewed map tiles for use without signal (client/service-worker/).
registerServiceWorker();
