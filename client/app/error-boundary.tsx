import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../i18n/translator.ts';

/** Last line of defence: a render error shows a way out instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('[foray] The screen failed to render.', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    // The words may themselves be what failed to load: fall back to English text.
    const t = (key: 'common.somethingWentWrong' | 'common.reload', fallback: string) =>
      i18n.isInitialized ? i18n.t(key) : fallback;
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-lg font-semibold">{t('common.somethingWentWrong', 'Something went wrong')}</h1>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-green-800 px-4 py-2 text-sm font-medium text-white hover:bg-green-900"
        >
          {t('common.reload', 'Reload')}
        </button>
      </main>
    );
  }
}
