// "Export": the forager's spots as a file for another app (GPX, KML, GeoJSON, CSV), with the list's filter, from
// everywhere or from the area on the map. Downloaded with a progress line and a Cancel, then saved under the server's
// file name.
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../../../common/export-formats.ts';
import { isOnline } from '../../lib/connectivity.ts';
import { activeFilters, filterQuery, useSpotFilter } from '../../domain/spots/spot-filter-url.ts';
import { useShownArea } from '../../domain/spots/shown-area.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { Select } from '../../ui/select.tsx';

type Scope = 'mine' | 'visible';
type Where = 'everywhere' | 'shown';

/** Bytes as the forager reads them: "820 KB", "4.2 MB". */
function readableSize(bytes: number, language: string): string {
  const format = (value: number, digits: number) => value.toLocaleString(language, { maximumFractionDigits: digits });
  return bytes < 1024 * 1024
    ? `${format(Math.max(1, Math.round(bytes / 1024)), 0)} KB`
    : `${format(bytes / (1024 * 1024), 1)} MB`;
}

/** The name the server gave the file, or one of our own. */
function fileNameOf(response: Response, format: ExportFormat | 'zip'): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `foray-spots.${format}`;
}

export function ExportDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { filter } = useSpotFilter();
  const [format, setFormat] = useState<ExportFormat>('gpx');
  const [scope, setScope] = useState<Scope>('mine');
  // The map's area as it was when the dialog opened; null where no map has drawn yet (nothing to offer then).
  const readShownArea = useShownArea();
  const [shownArea] = useState(() => readShownArea?.() ?? null);
  const [where, setWhere] = useState<Where>('everywhere');
  const [withPhotos, setWithPhotos] = useState(false);
  const photosId = useId();
  const [received, setReceived] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function download() {
    if (!isOnline()) {
      toast({ variant: 'destructive', title: t('export.failed'), description: t('export.needsSignal') });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setReceived(0);
    try {
      const bbox =
        where === 'shown' && shownArea
          ? `&bbox=${shownArea.minLng},${shownArea.minLat},${shownArea.maxLng},${shownArea.maxLat}`
          : '';
      const response = await fetch(
        `/api/v1/export?format=${format}&scope=${scope}&photos=${withPhotos ? 'include' : 'links'}${bbox}${filterQuery(filter)}`,
        { credentials: 'same-origin', signal: controller.signal },
      );
      if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
      const parts: Uint8Array[] = [];
      let bytes = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.byteLength;
        setReceived(bytes);
      }
      const url = URL.createObjectURL(
        new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response, withPhotos ? 'zip' : format);
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file; the object URL can go after this turn.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      toast({ title: t('export.done'), description: link.download });
      onClose();
    } catch {
      if (controller.signal.aborted) return;
      setReceived(null);
      toast({
        variant: 'destructive',
        title: t('export.failed'),
        description: isOnline() ? t('common.somethingWentWrong') : t('export.needsSignal'),
      });
    } finally {
      abort.current = null;
    }
  }

  function close() {
    abort.current?.abort();
    onClose();
  }

  const busy = received !== null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={t('export.title')}
      description={t('export.description')}
    >
      <div className="space-y-4">
        <Choice label={t('export.format')} value={format} disabled={busy} onChange={setFormat}>
          {EXPORT_FORMATS.map((value) => (
            <option key={value} value={value}>
              {t(`export.formats.${value}`)}
            </option>
          ))}
        </Choice>
        <Choice label={t('export.scope')} value={scope} disabled={busy} onChange={setScope}>
          <option value="mine">{t('export.scopeMine')}</option>
          <option value="visible">{t('export.scopeVisible')}</option>
        </Choice>
        {shownArea && (
          <Choice label={t('export.where')} value={where} disabled={busy} onChange={setWhere}>
            <option value="everywhere">{t('export.whereEverywhere')}</option>
            <option value="shown">{t('export.whereShown')}</option>
          </Choice>
        )}
        <div className="flex items-start gap-2">
          <input
            id={photosId}
            type="checkbox"
            checked={withPhotos}
            disabled={busy}
            onChange={(event) => setWithPhotos(event.target.checked)}
            className="mt-1 size-5 accent-green-800"
          />
          <label htmlFor={photosId} className="text-sm text-stone-800">
            <span className="block font-medium">{t('export.withPhotos')}</span>
            <span className="block text-stone-700">{t('export.withPhotosHint')}</span>
          </label>
        </div>
        {activeFilters(filter) > 0 && <p className="text-sm text-stone-700">{t('export.filtered')}</p>}
        {busy && (
          <p className="flex items-center gap-2 text-sm text-stone-800" role="status">
            <Spinner />
            {t('export.downloading', { size: readableSize(received, i18n.resolvedLanguage ?? 'en') })}
          </p>
        )}
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void download()} disabled={busy}>
          {t('export.download')}
        </Button>
      </div>
    </Dialog>
  );
}

/** A labelled select of the dialog. */
function Choice<T extends string>({
  label,
  value,
  disabled,
  onChange,
  children,
}: {
  label: string;
  value: T;
  disabled: boolean;
  onChange: (value: T) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <Select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as T)}>
        {children}
      </Select>
    </div>
  );
}
