// Notifications: one at a time, gone after 5 s (paused while pointed at or focused), announced by screen
// readers through live regions that exist before any message is put in them. They rise from the bottom edge,
// above the phone's home indicator: at the top they hid the header (language, sign-out) and the tabs.
import { createContext, use, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

export const TOAST_DURATION_MS = 5000;

/** `requestId`: the server's id of a failed request, shown short ("Error 4f2a91c3") for the user to quote. */
export type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  requestId?: string;
};

/** The first characters of a request id, enough to find its log line. */
const REQUEST_ID_SHOWN = 8;
type Toast = ToastInput & { id: number };

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const nextId = useRef(0);
  const show = useCallback((input: ToastInput) => {
    nextId.current += 1;
    setToast({ ...input, id: nextId.current });
  }, []);
  const dismiss = useCallback(() => setToast(null), []);
  const { i18n } = useTranslation();
  useEffect(
    function dropMessagesInTheOldLanguage() {
      // A toast's words were chosen when it was shown: after a language switch they would stay in the other one.
      i18n.on('languageChanged', dismiss);
      return () => i18n.off('languageChanged', dismiss);
    },
    [i18n, dismiss],
  );

  return (
    <ToastContext value={show}>
      {children}
      <ToastViewport toast={toast} onDismiss={dismiss} />
    </ToastContext>
  );
}

export function useToast() {
  const show = use(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}

function ToastViewport({ toast, onDismiss }: { toast: Toast | null; onDismiss: () => void }) {
  const { t } = useTranslation();
  const destructive = toast?.variant === 'destructive';
  return (
    <section
      aria-label={t('common.notifications')}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[2000] flex flex-col items-center px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
    >
      {/* Polite news and urgent errors go to different regions; both are always in the page. */}
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full max-w-sm">
        {toast && !destructive && <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="w-full max-w-sm">
        {toast && destructive && <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />}
      </div>
    </section>
  );
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);

  useEffect(
    function dismissAfterDelay() {
      if (paused) return;
      const timer = setTimeout(onDismiss, TOAST_DURATION_MS);
      return () => clearTimeout(timer);
    },
    [paused, onDismiss],
  );

  const destructive = toast.variant === 'destructive';
  const reference = toast.requestId
    ? t('common.errorReference', { id: toast.requestId.slice(0, REQUEST_ID_SHOWN) })
    : null;
  return (
    <div
      data-variant={toast.variant ?? 'default'}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`toast-enter pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${
        destructive ? 'border-red-800 bg-red-700 text-white' : 'border-stone-200 bg-white text-stone-900'
      }`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {(toast.description || reference) && (
          <p className={`mt-1 text-sm ${destructive ? 'text-red-50' : 'text-stone-700'}`}>
            {toast.description}
            {/* On the description's line, so that the notice is no taller for it. */}
            {reference && (
              <span
                className={`font-mono text-xs whitespace-nowrap ${destructive ? 'text-red-100' : 'text-stone-600'}`}
              >
                {toast.description ? ' ' : ''}
                {reference}
              </span>
            )}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('common.closeNotification')}
        className={`-m-1 rounded p-1 ${destructive ? 'hover:bg-red-800' : 'hover:bg-stone-100'}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
