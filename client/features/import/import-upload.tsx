// The import's file on its way to the server: a multipart POST that reports its progress, and the bar that shows it.
import { useTranslation } from '../../i18n/use-translation.ts';
import { Spinner } from '../../ui/spinner.tsx';

export type Progress = { sent: number; total: number };

/** What a refused request said: its code and message, as the server's error body carries them. */
export class ImportFailure extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * A multipart POST with upload progress (fetch reports none). Resolves with the JSON answer of a 2xx; rejects with
 * an ImportFailure carrying the server's code and message otherwise, status 0 when no answer came.
 */
export function postWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (progress: Progress) => void,
  signal: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.responseType = 'json';
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) =>
      onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : 0 });
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as T);
      else {
        const body = request.response as { error?: { code?: string; message?: string } } | null;
        reject(new ImportFailure(request.status, body?.error?.code ?? 'HTTP_ERROR', body?.error?.message ?? ''));
      }
    };
    request.onerror = () => reject(new ImportFailure(0, 'NETWORK', ''));
    request.onabort = () => reject(new ImportFailure(0, 'ABORTED', ''));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** A progress bar for the file on its way, then "working" once it has all gone and the server is at it. */
export function Upload({ label, progress }: { label: string; progress: Progress }) {
  const { t } = useTranslation();
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.sent / progress.total) * 100)) : 0;
  const sent = percent >= 100;
  return (
    <div className="mt-4 space-y-2" role="status">
      <p className="flex items-center gap-2 text-sm text-stone-800">
        <Spinner />
        {sent ? t('import.working') : label}
      </p>
      <progress className="h-2 w-full accent-green-800" max={100} value={sent ? undefined : percent} aria-label={label}>
        {percent}%
      </progress>
    </div>
  );
}
