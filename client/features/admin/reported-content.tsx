// A report's content in the administrators' queue (reports-section.tsx): the spot, visit or photo as everyone on
// the server sees it, its photos as thumbnails that open the photo.
import { useTranslation } from '../../i18n/use-translation.ts';
import type { AdminReport } from '../../../common/schemas/reports.ts';
import { formatDate } from '../../lib/format.ts';

const AMOUNT_LABEL = { few: 'visits.amountFew', some: 'visits.amountSome', many: 'visits.amountMany' } as const;

/** The reported content as everyone on the server sees it. */
export function ReportedContent({
  target,
  language,
}: {
  target: NonNullable<AdminReport['target']>;
  language: string;
}) {
  const { t } = useTranslation();
  const { spot, visit, photo } = target;
  return (
    <>
      {spot && (
        <>
          <p className="font-semibold">{spot.mushroom_types || t(`locationTypes.${spot.type}`)}</p>
          <p>
            {spot.type === 'car_park'
              ? t('locations.parkedOn', { date: formatDate(spot.date_found, language, 'long') })
              : spot.finder
                ? t('locations.foundByOn', { finder: spot.finder, date: formatDate(spot.date_found, language, 'long') })
                : t('locations.foundOn', { date: formatDate(spot.date_found, language, 'long') })}
          </p>
          {spot.notes && <p className="whitespace-pre-line text-stone-800">{spot.notes}</p>}
          <Thumbnails photos={spot.photos} />
        </>
      )}
      {visit && (
        <>
          <p>
            {t('admin.reports.visitLine', {
              date: formatDate(visit.date, language, 'long'),
              outcome:
                visit.outcome === 'found'
                  ? visit.amount
                    ? `${t('visits.outcomeFound')} (${t(AMOUNT_LABEL[visit.amount])})`
                    : t('visits.outcomeFound')
                  : t('visits.outcomeNothing'),
            })}
          </p>
          <Thumbnails photos={visit.photos} />
        </>
      )}
      {photo && (
        <a href={photo.url} target="_blank" rel="noopener noreferrer" className="inline-block">
          <img
            src={photo.thumbnail_url}
            alt={t('admin.reports.reportedPhotoAlt')}
            className="size-32 rounded-md border border-stone-300 object-cover"
          />
        </a>
      )}
    </>
  );
}

function Thumbnails({ photos }: { photos: Array<{ id: string; url: string; thumbnail_url: string }> }) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photo.url} target="_blank" rel="noopener noreferrer" className="block">
            <img
              src={photo.thumbnail_url}
              alt={t('admin.reports.photoAlt', { position: index + 1 })}
              loading="lazy"
              className="size-16 rounded-md border border-stone-300 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
