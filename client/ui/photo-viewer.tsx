// Photos, large, one at a time (a spot's, or a visit's): previous/next buttons, the arrow keys, and a swipe on a phone.
// Radix Dialog traps focus, closes on Escape and gives the title and description to screen readers.
import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { Photo } from '../../common/schemas/spots.ts';

/** A horizontal move this long (CSS px), and longer than it is tall, is a swipe rather than a tap. */
const SWIPE_PX = 40;

const CONTROL =
  'inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-2xl text-stone-900 shadow hover:bg-white aria-disabled:opacity-30';

/**
 * `title`: what the photos show (a spot's mushrooms or type), named in the viewer's title. `action`: one more thing to
 * do with the photo shown (e.g. report it), a button under it.
 */
export default function PhotoViewer({
  title,
  photos,
  startAt,
  onClose,
  action,
}: {
  title: string;
  photos: Photo[];
  startAt: number;
  onClose: () => void;
  action?: { label: string; onSelect: (photo: Photo, position: number) => void };
}) {
  const { t } = useTranslation();
  const total = photos.length;
  const [index, setIndex] = useState(Math.min(Math.max(0, startAt), Math.max(0, total - 1)));
  const swipe = useRef<{ x: number; y: number; pointer: number } | null>(null);
  const photo = photos[index];
  const position = index + 1;

  const go = (delta: -1 | 1) => setIndex((current) => Math.min(Math.max(0, current + delta), total - 1));

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  }

  function handlePointerDown(event: PointerEvent) {
    swipe.current = { x: event.clientX, y: event.clientY, pointer: event.pointerId };
  }

  function handlePointerUp(event: PointerEvent) {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.pointer !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
    // Swiping left brings the next photo in from the right, as on every phone.
    go(dx < 0 ? 1 : -1);
  }

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[1500] bg-stone-950/90" />
        <RadixDialog.Content
          onKeyDown={handleKeyDown}
          className="fixed inset-0 z-[1500] flex flex-col p-3 text-white outline-none sm:p-6"
        >
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="truncate text-lg font-semibold">
                {t('photos.viewerTitle', { title })}
              </RadixDialog.Title>
              <RadixDialog.Description className="text-sm text-stone-300">
                {t('photos.viewerHint')}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close className={CONTROL} aria-label={t('common.close')}>
              <span aria-hidden="true">×</span>
            </RadixDialog.Close>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center select-none"
            onPointerDown={handlePointerDown}
            onPointerUp={handlePointerUp}
            onPointerCancel={() => (swipe.current = null)}
          >
            {photo && (
              <img
                key={photo.id}
                src={photo.url}
                alt={t('photos.photoAlt', { position, total })}
                draggable={false}
                className="max-h-full max-w-full object-contain"
              />
            )}
          </div>
          {/* aria-disabled, not disabled: a disabled button would drop the focus out of the dialog's keys. */}
          <div className="flex items-center justify-center gap-4 pt-3">
            <button
              type="button"
              className={CONTROL}
              aria-label={t('photos.previous')}
              aria-disabled={index === 0}
              onClick={() => go(-1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <p aria-live="polite" className="min-w-16 text-center font-medium">
              {t('photos.position', { position, total })}
            </p>
            <button
              type="button"
              className={CONTROL}
              aria-label={t('photos.next')}
              aria-disabled={index >= total - 1}
              onClick={() => go(1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
          {action && photo && (
            <div className="flex justify-center pt-2">
              <button
                type="button"
                className="min-h-11 rounded-md px-3 text-sm text-stone-200 underline hover:text-white"
                onClick={() => action.onSelect(photo, position)}
              >
                {action.label}
              </button>
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
