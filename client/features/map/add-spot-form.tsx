// The form that opens when a point on the map is selected.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { isOnline } from '../../lib/connectivity.ts';
import { formatCoordinates, todayLocal } from '../../lib/format.ts';
import { randomId } from '../../lib/uuid.ts';
import { askToPersistStorage } from '../../domain/offline/keep-storage.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { useMe } from '../../domain/session/session.tsx';
import { defaultSharing, sharingFields } from '../../domain/sharing/sharing-choice.ts';
import { useMyCircles } from '../../domain/sharing/circles.ts';
import { SpotFields, useSpotForm } from '../../domain/spots/spot-form.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { PhotoPicker, usePhotoChoice } from './photo-picker.tsx';
import { PhotoPlaceOffer, type PlacedPoint } from './photo-place-offer.tsx';
import { blankRowTexts, trimmedRowTexts } from '../../domain/spots/spot-text.ts';

/** `accuracy`: metres, when the point came from the phone's position rather than a tap on the map. */
export type Selection = { lat: number; lng: number; id: string; accuracy?: number };

export function AddSpotForm({
  selection,
  onClose,
  onPlace,
}: {
  selection: Selection;
  onClose: () => void;
  /** Moves the pin (the spot keeps its id), e.g. to where the chosen photo was taken. */
  onPlace: (point: PlacedPoint) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const outbox = useOutbox();
  const [saving, setSaving] = useState(false);
  const { photo, replace: setPhoto } = usePhotoChoice();
  const headingId = useId();

  const form = useSpotForm(() => ({
    type: 'mushroom_spot',
    mushroom_types: '',
    finder: '',
    date_found: todayLocal(),
    notes: '',
    ...blankRowTexts(),
    // Who sees it starts as the account page's choice (ADR 0056): only me unless the forager chose otherwise.
    sharing: defaultSharing(me),
  }));
  const {
    type,
    mushroom_types: mushroomTypes,
    finder,
    date_found: dateFound,
    notes,
    sharing: chosenSharing,
  } = form.values;
  const circles = useMyCircles();
  // A default circle this device's copy of the account still names but the forager has left since: not offered,
  // so not sent either (the server would refuse the spot out of sight).
  const sharing = circles.data
    ? {
        ...chosenSharing,
        circle_ids: chosenSharing.circle_ids.filter((id) => circles.data.some((circle) => circle.id === id)),
      }
    : chosenSharing;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const isCarPark = type === 'car_park';
    if (!form.check(sharing)) return;
    const date = dateFound.trim();
    setSaving(true);
    try {
      const shrunk = photo ? await photo.shrunk : null;
      // On the device first, in one transaction: closing the tab or losing signal can't lose the spot now.
      await outbox.record({
        kind: 'create',
        spotId: selection.id,
        fields: {
          type,
          // A car park is named by its kind; its finder is the user's display name — never the e-mail,
          // which a public car park would publish.
          mushroom_types: isCarPark ? t('locationTypes.car_park') : mushroomTypes.trim(),
          finder: isCarPark ? (me.name ?? '') : finder.trim(),
          date_found: date,
          notes: notes.trim(),
          ...trimmedRowTexts(form.values),
          latitude: selection.lat,
          longitude: selection.lng,
          // Rounded to 0.1 m: more digits would claim a precision no phone has.
          accuracy_m: selection.accuracy === undefined ? null : Math.max(0.1, Math.round(selection.accuracy * 10) / 10),
          ...sharingFields(sharing),
        },
        photo: shrunk?.blob ?? null,
        photoName: shrunk?.name ?? null,
        // Its own id from the start, so it can be removed or moved before the spot has left the device.
        photoId: shrunk ? randomId() : null,
      });
    } catch (error) {
      setSaving(false);
      const full = error instanceof DOMException && error.name === 'QuotaExceededError';
      toast({
        variant: 'destructive',
        title: full ? t('offline.storageFullTitle') : t('form.errorSavingLocation'),
        description: full ? t('offline.storageFullDescription') : t('offline.deviceStorageFailed'),
      });
      return;
    }
    if (isOnline()) {
      toast({ title: t('form.locationSavedTitle'), description: t('form.locationSavedDescription') });
    } else {
      toast({ title: t('offline.savedOnDeviceTitle'), description: t('offline.savedOnDeviceDescription') });
      void askToPersistStorage(me.id);
    }
    onClose();
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-300 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {t('form.title')}
          </h2>
          <p className="text-sm text-stone-700">
            {t('form.coordinates')}:{' '}
            <span className="font-mono">{formatCoordinates(selection.lat, selection.lng, 6)}</span>
            {selection.accuracy !== undefined && (
              <>, {t('form.accuracy', { metres: Math.round(selection.accuracy) })}</>
            )}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('form.close')}
          className="rounded-md p-1.5 text-stone-800 hover:bg-stone-100"
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

      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-3" aria-labelledby={headingId} noValidate>
        <SpotFields
          form={form}
          sharing={sharing}
          mushroomTypesPlaceholder={t('form.mushroomTypesPlaceholder')}
          finderAutoComplete="name"
          afterDate={
            <>
              <PhotoPicker photo={photo} onChange={setPhoto} />
              {photo && (
                <PhotoPlaceOffer
                  file={photo.file}
                  pin={selection}
                  dateFound={dateFound.trim()}
                  onPlace={onPlace}
                  onDate={(date) => form.set('date_found', date)}
                />
              )}
            </>
          }
        />
        <div className="flex gap-2 pt-1">
          <Button type="submit" disabled={saving} aria-busy={saving} className="flex-1">
            {saving && <Spinner />}
            {saving ? t('form.saving') : t('form.save')}
          </Button>
          <Button variant="secondary" onClick={onClose} className="flex-1">
            {t('common.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
