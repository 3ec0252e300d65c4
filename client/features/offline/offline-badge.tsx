import { useTranslation } from '../../i18n/use-translation.ts';
import { useOffline } from '../../lib/connectivity.ts';

/** "Offline" in the header while the device has no network or the server does not answer. */
export function OfflineBadge() {
  const { t } = useTranslation();
  const offline = useOffline();
  return (
    <span
      role="status"
      className={
        offline
          ? 'inline-flex items-center gap-1.5 rounded-full bg-stone-800 px-2.5 py-1 text-xs font-semibold text-white'
          : 'sr-only'
      }
    >
      {offline && (
        <>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-3.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          >
            <path
              d="M2 8.8a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01M3 3l18 18"
              strokeLinecap="round"
            />
          </svg>
          {t('offline.offline')}
        </>
      )}
    </span>
  );
}
