// Take a photo with the camera or pick a file, checked here before anything is sent: images only,
// at most PHOTO_MAX_BYTES. The preview's object URL is released when replaced or when the form closes.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { PHOTO_MAX_BYTES } from '../../../common/limits.ts';
import { Button } from '../../ui/button.tsx';
import { PhotoInputs } from '../../ui/photo-inputs.tsx';
import { useToast } from '../../ui/toast.tsx';
import { shrinkPhoto, type ShrunkPhoto } from '../../lib/shrink-photo.ts';

/** `shrunk` starts as soon as the photo is chosen, so Save rarely waits for it. */
export type ChosenPhoto = { file: File; previewUrl: string; shrunk: Promise<ShrunkPhoto> };

export function usePhotoChoice() {
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const urlRef = useRef<string | null>(null);

  const replace = (file: File | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = file ? URL.createObjectURL(file) : null;
    setPhoto(file && urlRef.current ? { file, previewUrl: urlRef.current, shrunk: shrinkPhoto(file) } : null);
  };

  useEffect(function releasePreviewOnUnmount() {
    return () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = null;
    };
  }, []);

  return { photo, replace };
}

export function PhotoPicker({ photo, onChange }: { photo: ChosenPhoto | null; onChange: (file: File | null) => void }) {
  const { t } = useTranslation();
  const toast = useToast();

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire change again
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ variant: 'destructive', title: t('form.notAnImageTitle'), description: t('form.notAnImageDescription') });
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      toast({
        variant: 'destructive',
        title: t('form.fileTooLargeTitle'),
        description: t('form.fileTooLargeDescription', { max: Math.round(PHOTO_MAX_BYTES / 1024 / 1024) }),
      });
      return;
    }
    onChange(file);
  }

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-800">{t('form.photo')}</legend>
      <div className="flex flex-wrap gap-2">
        <PhotoInputs onChange={handleFile} />
      </div>
      {photo && (
        <div className="flex items-center gap-3">
          <img
            src={photo.previewUrl}
            alt={t('form.photoPreview')}
            className="size-20 rounded-md border border-stone-300 object-cover"
          />
          <div className="min-w-0 text-sm">
            <p className="truncate text-stone-800">{photo.file.name}</p>
            <Button variant="ghost" onClick={() => onChange(null)} className="-ml-2 px-2 py-1 text-red-800">
              {t('form.removePhoto')}
            </Button>
          </div>
        </div>
      )}
    </fieldset>
  );
}
