// "Import": spots from another app's file (GPX, KML, KMZ, GeoJSON, CSV) or a Foray zip with photos. The file is
// read by the server twice: first for a preview that saves nothing (how many spots, their pins, how the fields map,
// duplicates, invalid records), then, once the forager confirms, for real — all or nothing, under an import id
// made here once, so a confirm retried after a lost answer adds nothing twice (common/schemas/import.ts).
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ImportResult } from '../../../common/schemas/import.ts';
import type { SpotType } from '../../../common/schemas/spots.ts';
import { IMPORT_FILE_MAX_BYTES, IMPORT_SPOTS_MAX, IMPORT_ZIP_MAX_BYTES } from '../../../common/limits.ts';
import { isOnline } from '../../lib/connectivity.ts';
import { spotKeys } from '../../domain/spots/spot-keys.ts';
import { refreshOwnSpots } from '../../domain/offline/spot-cache.ts';
import { useMe } from '../../domain/session/session.tsx';
import { randomId } from '../../lib/uuid.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { isDuplicate, PreviewSection } from './import-preview.tsx';
import type { Sharing } from '../../domain/sharing/sharing.ts';
import { SharingFields, sharingProblem } from '../../domain/sharing/sharing-fields.tsx';
import { ImportSharingSummary } from './import-sharing-summary.tsx';
import { requestIdOf } from '../../lib/api-client.ts';
import { ImportFailure, postWithProgress, Upload, type Progress } from './import-upload.tsx';

const ACCEPT =
  '.gpx,.kml,.kmz,.geojson,.json,.csv,.zip,application/gpx+xml,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz,application/geo+json,text/csv,application/zip';

type Step =
  | { kind: 'pick' }
  | { kind: 'reading'; file: File; progress: Progress }
  | { kind: 'preview'; file: File; preview: ImportPreview; importId: string }
  | { kind: 'saving'; file: File; preview: ImportPreview; importId: string; progress: Progress };

const isZip = (file: File) => /\.(zip|kmz)$/i.test(file.name);

export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  // Only me unless the forager chooses otherwise: an import may hold years of spots.
  const [sharing, setSharing] = useState<Sharing>({ audience: 'private', circle_ids: [], precision: 'exact' });
  const [sharingError, setSharingError] = useState<string | null>(null);
  const [includeDuplicates, setIncludeDuplicates] = useState(false);
  const [types, setTypes] = useState<Record<number, SpotType>>({});
  const abort = useRef<AbortController | null>(null);
  const fileInputId = useId();
  const duplicatesId = useId();

  useEffect(() => () => abort.current?.abort(), []);

  /** The forager's words for a refusal: ours for the codes we know, else the server's message. */
  function failureText(error: unknown): string {
    if (!(error instanceof ImportFailure) || error.status === 0)
      return isOnline() ? t('common.somethingWentWrong') : t('import.needsSignal');
    if (error.status === 413) return t('import.errors.tooLarge');
    switch (error.code) {
      case 'IMPORT_TOO_MANY_SPOTS':
        return t('import.errors.tooManySpots', { count: IMPORT_SPOTS_MAX });
      case 'IMPORT_XML_UNSAFE':
        return t('import.errors.xmlUnsafe');
      case 'IMPORT_ZIP_PATH':
      case 'IMPORT_ZIP_TOO_LARGE':
        return t('import.errors.zipRefused');
      default:
        // The server's own sentence names the line or field; better than a vague one of ours.
        return error.message || t('common.somethingWentWrong');
    }
  }

  async function read(file: File) {
    const limit = isZip(file) && !/\.kmz$/i.test(file.name) ? IMPORT_ZIP_MAX_BYTES : IMPORT_FILE_MAX_BYTES;
    if (file.size > limit) {
      toast({
        variant: 'destructive',
        title: t('import.failed'),
        description: t('import.tooLarge', { size: Math.round(limit / (1024 * 1024)) }),
      });
      return;
    }
    if (!isOnline()) {
      toast({ variant: 'destructive', title: t('import.failed'), description: t('import.needsSignal') });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setStep({ kind: 'reading', file, progress: { sent: 0, total: file.size } });
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const preview = await postWithProgress<ImportPreview>(
        '/api/v1/import/preview',
        form,
        (progress) => setStep({ kind: 'reading', file, progress }),
        controller.signal,
      );
      setTypes({});
      setIncludeDuplicates(false);
      setStep({ kind: 'preview', file, preview, importId: randomId() });
    } catch (error) {
      if (controller.signal.aborted) return;
      setStep({ kind: 'pick' });
      toast({
        variant: 'destructive',
        title: t('import.failed'),
        description: failureText(error),
        requestId: requestIdOf(error),
      });
    }
  }

  async function confirm(current: Extract<Step, { kind: 'preview' }>) {
    const problem = sharingProblem(sharing);
    if (problem) {
      setSharingError(t(problem));
      return;
    }
    setSharingError(null);
    const controller = new AbortController();
    abort.current = controller;
    setStep({ ...current, kind: 'saving', progress: { sent: 0, total: current.file.size } });
    const form = new FormData();
    form.append('import_id', current.importId);
    form.append('audience', sharing.audience);
    if (sharing.audience === 'circles') form.append('circle_ids', sharing.circle_ids.join(','));
    if (sharing.audience !== 'private') form.append('precision', sharing.precision);
    form.append('include_duplicates', String(includeDuplicates));
    if (Object.keys(types).length > 0) form.append('types', JSON.stringify(types));
    form.append('file', current.file, current.file.name);
    try {
      const result = await postWithProgress<ImportResult>(
        '/api/v1/import',
        form,
        (progress) => setStep({ ...current, kind: 'saving', progress }),
        controller.signal,
      );
      void queryClient.invalidateQueries({ queryKey: spotKeys.all });
      void refreshOwnSpots(me.id).catch(() => undefined);
      toast({
        title: t('import.done', { count: result.created }),
        description: result.photos > 0 ? t('import.donePhotos', { count: result.photos }) : undefined,
      });
      onClose();
    } catch (error) {
      if (controller.signal.aborted) return;
      // Back to the preview with the same import id: confirming again after a lost answer saves nothing twice.
      setStep(current);
      toast({
        variant: 'destructive',
        title: t('import.failed'),
        description: failureText(error),
        requestId: requestIdOf(error),
      });
    }
  }

  function close() {
    abort.current?.abort();
    onClose();
  }

  const busy = step.kind === 'reading' || step.kind === 'saving';
  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => !open && close()}
      title={t('import.title')}
      description={t('import.description')}
    >
      {step.kind === 'pick' && (
        <div className="space-y-2">
          <label htmlFor={fileInputId} className="block text-sm font-medium text-stone-800">
            {t('import.chooseFile')}
          </label>
          <input
            id={fileInputId}
            type="file"
            accept={ACCEPT}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void read(file);
            }}
            className="block w-full text-base file:mr-3 file:rounded-md file:border file:border-stone-400 file:bg-white file:px-3 file:py-2"
          />
          <p className="text-sm text-stone-700">{t('import.formats')}</p>
        </div>
      )}
      {step.kind === 'reading' && (
        <Upload label={t('import.reading', { name: step.file.name })} progress={step.progress} />
      )}
      {(step.kind === 'preview' || step.kind === 'saving') && (
        <PreviewSection
          preview={step.preview}
          types={types}
          onType={(index, type) => setTypes((chosen) => ({ ...chosen, [index]: type }))}
          disabled={busy}
        >
          <fieldset className="space-y-3" disabled={busy}>
            <SharingFields
              value={sharing}
              onChange={(next) => {
                setSharing(next);
                setSharingError(null);
              }}
              error={sharingError}
              label={t('import.sharing')}
              summary={
                <ImportSharingSummary
                  spots={
                    includeDuplicates ? step.preview.spots : step.preview.spots.filter((spot) => !isDuplicate(spot))
                  }
                  choice={{
                    ...sharing,
                    circle_ids: sharing.audience === 'circles' ? sharing.circle_ids : [],
                    precision: sharing.audience === 'private' ? 'exact' : sharing.precision,
                  }}
                />
              }
            />
            {step.preview.spots.some(isDuplicate) && (
              <div className="flex items-start gap-2">
                <input
                  id={duplicatesId}
                  type="checkbox"
                  checked={includeDuplicates}
                  onChange={(event) => setIncludeDuplicates(event.target.checked)}
                  className="mt-1 size-5 accent-green-800"
                />
                <label htmlFor={duplicatesId} className="text-sm text-stone-800">
                  {t('import.includeDuplicates', { count: step.preview.spots.filter(isDuplicate).length })}
                </label>
              </div>
            )}
          </fieldset>
        </PreviewSection>
      )}
      {step.kind === 'saving' && <Upload label={t('import.saving')} progress={step.progress} />}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          {t('common.cancel')}
        </Button>
        {step.kind === 'preview' && (
          <Button onClick={() => void confirm(step)} disabled={toImport(step.preview, includeDuplicates) === 0}>
            {t('import.confirm', { count: toImport(step.preview, includeDuplicates) })}
          </Button>
        )}
        {step.kind === 'saving' && (
          <Button disabled aria-busy>
            <Spinner />
            {t('import.confirm', { count: toImport(step.preview, includeDuplicates) })}
          </Button>
        )}
      </div>
    </Dialog>
  );
}

const toImport = (preview: ImportPreview, includeDuplicates: boolean) =>
  includeDuplicates ? preview.spots.length : preview.spots.filter((spot) => !isDuplicate(spot)).length;
