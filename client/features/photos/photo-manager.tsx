// The owner's photos of one spot: add (camera or files, shrunk on the device), remove, move earlier or later.
// The first is the cover. Every change goes through the outbox, so it works with no signal and shows at once;
// buttons instead of dragging, so a keyboard and a screen reader can do all of it.
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { PHOTO_MAX_BYTES, PHOTOS_PER_SPOT_MAX } from '../../../common/limits.ts';
import type { Photo } from '../../../common/schemas/spots.ts';
import { hiddenOf, hiddenText } from '../../domain/spots/hidden.ts';
import type { OutboxChange } from '../../domain/offline/outbox-model.ts';
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { planPhotoEnqueue } from '../../domain/offline/photo-outbox-model.ts';
import { shrinkPhoto } from '../../lib/shrink-photo.ts';
import { randomId } from '../../lib/uuid.ts';
import { Button } from '../../ui/button.tsx';
import { PhotoInputs } from '../../ui/photo-inputs.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';

type Focus = { photoId: string; control: 'earlier' | 'later' } | null;

export default function PhotoManager({ spot, onClose }: { spot: ShownSpot; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const outbox = useOutbox();
  const id = useId();
  const title = spot.mushroom_types || t(`locationTypes.${spot.type}`);
  const [photos, setPhotos] = useState<Photo[]>(spot.photos);
  const current = useRef<Photo[]>(spot.photos);
  const [adding, setAdding] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const localUrls = useRef<string[]>([]);
  const full = photos.length >= PHOTOS_PER_SPOT_MAX;

  useEffect(function releaseLocalPreviews() {
    const urls = localUrls.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  useEffect(
    function keepFocusOnTheMovedPhoto() {
      // The list is re-ordered under the focus: put it back on the button that was pressed, now at its new place.
      if (focus) document.getElementById(`${id}-${focus.photoId}-${focus.control}`)?.focus();
    },
    [focus, id],
  );

  async function record(change: OutboxChange): Promise<boolean> {
    try {
      await outbox.record(change, planPhotoEnqueue);
      return true;
    } catch {
      toast({ variant: 'destructive', title: t('photos.saveFailed'), description: t('offline.deviceStorageFailed') });
      return false;
    }
  }

  async function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // choosing the same file again must fire change again
    if (files.length === 0) return;
    setAdding(true);
    let count = current.current.length;
    for (const file of files) {
      if (count >= PHOTOS_PER_SPOT_MAX) {
        toast({ variant: 'destructive', title: t('photos.full', { max: PHOTOS_PER_SPOT_MAX }) });
        break;
      }
      if (!file.type.startsWith('image/')) {
        toast({
          variant: 'destructive',
          title: t('form.notAnImageTitle'),
          description: t('form.notAnImageDescription'),
        });
        continue;
      }
      if (file.size > PHOTO_MAX_BYTES) {
        toast({
          variant: 'destructive',
          title: t('form.fileTooLargeTitle'),
          description: t('form.fileTooLargeDescription', { max: Math.round(PHOTO_MAX_BYTES / 1024 / 1024) }),
        });
        continue;
      }
      const shrunk = await shrinkPhoto(file);
      const photoId = randomId();
      if (!(await record({ kind: 'add-photo', spotId: spot.id, photoId, photo: shrunk.blob, photoName: shrunk.name })))
        break;
      const url = URL.createObjectURL(shrunk.blob);
      localUrls.current.push(url);
      count += 1;
      current.current = [...current.current, { id: photoId, url, thumbnail_url: url }];
      setPhotos(current.current);
    }
    setAdding(false);
  }

  /**
   * Shows a change at once and records it; a device that cannot store it puts the photos back. The list is read
   * from a ref, so a second tap before the first change is stored works on the list as the user now sees it.
   */
  async function change(next: Photo[], outboxChange: OutboxChange) {
    const before = current.current;
    current.current = next;
    setPhotos(next);
    if (!(await record(outboxChange))) {
      current.current = before;
      setPhotos(before);
    }
  }

  async function handleRemove(photoId: string) {
    await change(
      current.current.filter((photo) => photo.id !== photoId),
      { kind: 'remove-photo', spotId: spot.id, photoId },
    );
  }

  async function handleMove(photoId: string, delta: -1 | 1) {
    const next = [...current.current];
    const index = next.findIndex((photo) => photo.id === photoId);
    if (index < 0 || index + delta < 0 || index + delta >= next.length) return;
    const [moved] = next.splice(index, 1);
    next.splice(index + delta, 0, moved!);
    setFocus({ photoId, control: delta < 0 ? 'earlier' : 'later' });
    await change(next, { kind: 'order-photos', spotId: spot.id, photoIds: next.map((photo) => photo.id) });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('photos.managerTitle', { title })}
      description={t('photos.managerDescription', { max: PHOTOS_PER_SPOT_MAX })}
    >
      <p role="status" className="mb-3 text-sm font-medium text-stone-800">
        {t('photos.total', { n: photos.length, max: PHOTOS_PER_SPOT_MAX })}
      </p>
      {photos.length === 0 ? (
        <p className="text-sm text-stone-700">{t('photos.none')}</p>
      ) : (
        <ol className="max-h-[50dvh] space-y-2 overflow-y-auto">
          {photos.map((photo, index) => {
            const position = index + 1;
            return (
              <li key={photo.id} className="flex items-center gap-3 rounded-md border border-stone-300 p-2">
                <img
                  src={photo.thumbnail_url}
                  alt={t('photos.photoAlt', { position, total: photos.length })}
                  className="size-16 shrink-0 rounded object-cover"
                />
                <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1">
                  {index === 0 && (
                    <span className="mr-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                      {t('photos.cover')}
                    </span>
                  )}
                  {hiddenOf(photo) && (
                    <span className="w-full text-xs font-semibold text-red-900">{hiddenText(hiddenOf(photo)!, t)}</span>
                  )}
                  <Button
                    id={`${id}-${photo.id}-earlier`}
                    variant="secondary"
                    className="px-2 py-1 text-sm aria-disabled:opacity-40"
                    aria-label={t('photos.moveEarlier', { position })}
                    // aria-disabled, not disabled: the focus may rest here after a move, and a disabled button drops it.
                    aria-disabled={index === 0}
                    onClick={() => void handleMove(photo.id, -1)}
                  >
                    {t('photos.earlier')}
                  </Button>
                  <Button
                    id={`${id}-${photo.id}-later`}
                    variant="secondary"
                    className="px-2 py-1 text-sm aria-disabled:opacity-40"
                    aria-label={t('photos.moveLater', { position })}
                    aria-disabled={index === photos.length - 1}
                    onClick={() => void handleMove(photo.id, 1)}
                  >
                    {t('photos.later')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-sm text-red-800"
                    aria-label={t('photos.remove', { position })}
                    onClick={() => void handleRemove(photo.id)}
                  >
                    {t('photos.removeShort')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {full ? (
          <p className="text-sm text-stone-700">{t('photos.full', { max: PHOTOS_PER_SPOT_MAX })}</p>
        ) : (
          <>
            <PhotoInputs onChange={(event) => void handleFiles(event)} multiple disabled={adding} />
            {adding && <Spinner label={t('common.loading')} />}
          </>
        )}
        <DialogClose asChild>
          <Button variant="primary" className="ml-auto">
            {t('common.close')}
          </Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}
