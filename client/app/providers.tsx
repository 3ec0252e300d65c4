import { StrictMode, Suspense, type ReactNode } from 'react';
import { SessionProvider } from '../domain/session/session.tsx';
import { FullScreenSpinner } from '../ui/spinner.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { ErrorBoundary } from './error-boundary.tsx';

/** Everything the signed-out screens need. The main screen adds its data cache on top, when it loads. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        {/* Suspends until the detected language's words are in (English is bundled; Lithuanian is fetched). */}
        <Suspense fallback={<FullScreenSpinner label="Loading" />}>
          <ToastProvider>
            <SessionProvider>{children}</SessionProvider>
          </ToastProvider>
        </Suspense>
      </ErrorBoundary>
    </StrictMode>
  );
}
