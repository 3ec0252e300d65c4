// "Place at the photo's position (taken <date>)": when the chosen photo's EXIF holds where (and when) it was
// taken, offer to move the pin there and fill the date. Read on the device (lib/photo-exif.ts), offline too.
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ACCURACY_MAX_M } from '../../../common/limits.ts';
import { distanceMetres, formatDistance } from '../../lib/geodesy.ts';
import { formatDate } from '../../lib/format.ts';
import { readPhotoPlace, type PhotoPlace } from '../../lib/photo-exif.ts';
import { Button } from '../../ui/button.tsx';
import { isAcceptableDateFound } from '../../lib/date-input.ts';

export type PlacedPoint = { lat: number; lng: number; accuracy?: number };

interface Props {
  file: File;
  pin: { lat: number; lng: number };
  dateFound: string;
  onPlace: (point: PlacedPoint) => void;
  onDate: (date: string) => void;
}

export function PhotoPlaceOffer({ file, pin, dateFound, onPlace, onDate }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [read, setRead] = useState<{ file: File; place: PhotoPlace | null } | null>(null);
  // What was read from another (earlier) photo is never offered for this one.
  const place = read?.file === file ? read.place : null;

  useEffect(
    function readTheChosenPhoto() {
      let current = true;
      void readPhotoPlace(file).then((found) => {
        if (current) setRead({ file, place: found });
      });
      return () => {
        current = false;
      };
    },
    [file],
  );

  if (!place) return null;
  // A date the form would refuse (in the future, before 1900) is not offered.
  const takenOn = place.takenOn && isAcceptableDateFound(place.takenOn) ? place.takenOn : null;
  const takenLabel = takenOn ? formatDate(takenOn, language, 'long') : null;

  if (place.latitude === null || place.longitude === null) {
    if (!takenOn || takenOn === dateFound) return null;
    return (
      <Button variant="secondary" className="w-full justify-start text-left" onClick={() => onDate(takenOn)}>
        {t('form.photoDate', { date: takenLabel })}
      </Button>
    );
  }

  const point = { latitude: place.latitude, longitude: place.longitude };
  const away = distanceMetres({ latitude: pin.lat, longitude: pin.lng }, point);
  // Within a metre the pin is already there (also after the forager took the offer).
  const placed = away < 1 && (!takenOn || takenOn === dateFound);

  return (
    <div className="space-y-1 rounded-md border border-green-200 bg-green-50 p-3 text-sm">
      {placed ? (
        <p role="status" className="font-medium text-green-900">
          {t('form.photoPlaced')}
        </p>
      ) : (
        <>
          <Button
            variant="secondary"
            className="w-full justify-start text-left"
            onClick={() => {
              onPlace({
                lat: point.latitude,
                lng: point.longitude,
                accuracy: place.accuracyM !== null && place.accuracyM <= ACCURACY_MAX_M ? place.accuracyM : undefined,
              });
              if (takenOn) onDate(takenOn);
            }}
          >
            {takenLabel ? t('form.photoPlace', { date: takenLabel }) : t('form.photoPlaceNoDate')}
          </Button>
          {away >= 1 && (
            <p className="text-stone-700">
              {t('form.photoPlaceDistance', { distance: formatDistance(away, language) })}
            </p>
          )}
        </>
      )}
      <p className="text-xs text-stone-700">{t('form.photoPlacePrivacy')}</p>
    </div>
  );
}
