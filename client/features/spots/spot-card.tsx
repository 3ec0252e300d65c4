import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import { codeMessage } from '../../lib/api-client.ts';
import { useGuide } from '../../domain/dialogs/guidance-context.ts';
import { useOpenPhotos } from '../../domain/dialogs/photos-context.ts';
import { directionsUrl, formatCoordinates, formatDate } from '../../lib/format.ts';
import { visitSummaryText } from '../../domain/spots/visit-summary.ts';
import { useOpenVisits } from '../../domain/dialogs/visits-context.ts';
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import { isStaleEdit, useSpotEditing } from '../../domain/spots/spot-editing.ts';
import { Button } from '../../ui/button.tsx';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { TakeOutOfCircleButtons } from '../../domain/sharing/take-out-of-circle.tsx';
import { circlesToTakeOutOf } from '../../domain/sharing/take-out-circles.ts';
import type { Circle } from '../../../common/schemas/circles.ts';
import {
  approximateText,
  areaOf,
  audienceBadge,
  othersSeeText,
  sharedByText,
  sharingOf,
} from '../../domain/sharing/sharing.ts';
import { hiddenOf, hiddenText } from '../../domain/spots/hidden.ts';
import { mayReport, useOpenReport } from '../../domain/dialogs/report-context.ts';
import { spotTitle, textRows } from '../../domain/spots/spot-text.ts';

type SpotCardProps = {
  spot: ShownSpot;
  /** The forager's circles, to name those a spot is shared with (undefined until loaded, or with no signal). */
  circles: Circle[] | undefined;
  /** Position within its page: each card starts 0.1 s after the one before. */
  staggerIndex: number;
  onShare: (spot: ShownSpot) => void;
  onDelete: (spot: ShownSpot) => void;
  onRetry: (seq: number) => void;
  onDiscard: (seq: number) => void;
};

export function SpotCard({ spot, circles, staggerIndex, onShare, onDelete, onRetry, onDiscard }: SpotCardProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const typeLabel = t(`locationTypes.${spot.type}`);
  const title = spotTitle(spot, typeLabel);
  const date = formatDate(spot.date_found, i18n.resolvedLanguage ?? 'en', 'long');
  const photoUrl = spot.thumbnail_url ?? spot.localPhotoUrl ?? null;
  const { pending } = spot;
  const takeOutOf = circlesToTakeOutOf(spot, circles);
  const guide = useGuide();
  const editing = useSpotEditing();
  const openPhotos = useOpenPhotos();
  const openVisits = useOpenVisits();
  const visitSummary = visitSummaryText(spot.visits, i18n.resolvedLanguage ?? 'en', t);
  const isCar = spot.type === 'car_park';
  const sharing = sharingOf(spot);
  const othersSee = spot.is_owner ? othersSeeText(spot, t) : null;
  // Another forager's spot shared approximately: its point is only the one shown, inside this square.
  const area = areaOf(spot);
  const openReport = useOpenReport();
  // Hidden by an administrator after a report: only its owner is sent it, with why.
  const hidden = spot.is_owner ? hiddenOf(spot) : null;

  return (
    <li className="stagger-item" style={{ animationDelay: `${staggerIndex * 0.1}s` }}>
      <article
        aria-labelledby={titleId}
        className="flex h-full flex-col overflow-hidden rounded-lg border border-stone-300 bg-white shadow-sm"
      >
        {photoUrl &&
          (spot.photos.length > 0 ? (
            // The cover opens the large viewer with every photo.
            <button
              type="button"
              onClick={() => openPhotos({ kind: 'view', spot, index: 0 })}
              aria-label={t('photos.view', { title })}
              className="block"
            >
              <img
                src={photoUrl}
                alt={t('locations.photoAlt', { title })}
                loading="lazy"
                className="h-44 w-full object-cover"
              />
            </button>
          ) : (
            <img
              src={photoUrl}
              alt={t('locations.photoAlt', { title })}
              loading="lazy"
              className="h-44 w-full object-cover"
            />
          ))}
        <div className="flex flex-1 flex-col gap-2 p-4">
          <div className="flex items-start gap-2">
            <TypeIcon type={spot.type} label={typeLabel} />
            <h2 id={titleId} className="min-w-0 flex-1 text-base font-semibold break-words">
              {title}
            </h2>
            <span
              className={`max-w-[45%] shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold break-words ${
                sharing.audience === 'public'
                  ? 'bg-green-100 text-green-900'
                  : sharing.audience === 'circles'
                    ? 'bg-amber-100 text-amber-950'
                    : 'bg-stone-200 text-stone-800'
              }`}
            >
              <span className="sr-only">{t('form.sharing')}: </span>
              <span>{audienceBadge(spot, circles, t)}</span>
            </span>
          </div>
          {hidden && (
            <div role="note" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-950">
              <p className="font-semibold">{hiddenText(hidden, t)}</p>
              <p>{t('reports.hiddenNote')}</p>
            </div>
          )}
          {othersSee && (
            <p className="self-start rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-800">
              {othersSee}
            </p>
          )}
          {pending && (
            <PendingNote
              pending={pending}
              onRetry={onRetry}
              onDiscard={onDiscard}
              onCompare={isStaleEdit(spot) ? () => editing.compare(spot) : null}
            />
          )}
          <p className="text-sm text-stone-800">
            {spot.type === 'car_park'
              ? t('locations.parkedOn', { date })
              : spot.finder
                ? t('locations.foundByOn', { finder: spot.finder, date })
                : t('locations.foundOn', { date })}
          </p>
          {visitSummary && <p className="text-sm font-medium text-stone-800">{visitSummary}</p>}
          {textRows(spot).map((row) => (
            <p key={row.name} className="text-sm whitespace-pre-line text-stone-700">
              {!row.alone && <span className="font-medium text-stone-800">{t(row.label)}: </span>}
              {row.text}
            </p>
          ))}
          <p className="text-sm text-stone-700">
            {/* Lithuanian conjugates "added" for "you": one sentence each, not a pronoun dropped into a template. */}
            {spot.is_owner ? t('locations.addedByYou') : sharedByText(spot, circles, t)}
          </p>
          <a
            href={directionsUrl(spot.latitude, spot.longitude)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 self-start text-sm text-blue-800 underline"
          >
            <span className="sr-only">{t('locations.directions')}: </span>
            {formatCoordinates(spot.latitude, spot.longitude, 4)}
          </a>
          {area && <p className="text-sm font-medium text-stone-800">{approximateText(area.precision, t)}</p>}
          {spot.accuracy_m !== null && (
            <p className="text-sm text-stone-700">{t('locations.accuracy', { metres: Math.round(spot.accuracy_m) })}</p>
          )}
          <Button
            variant="secondary"
            className="self-start px-3 py-1.5"
            onClick={() => guide({ latitude: spot.latitude, longitude: spot.longitude, title, isCar, area })}
          >
            {isCar ? t('guidance.backToCar') : t('guidance.guideMeHere')}
          </Button>
          {!isCar && pending?.kind !== 'delete' && (spot.is_owner || visitSummary !== null) && (
            <div className="flex flex-wrap gap-2">
              {spot.is_owner && (
                <Button
                  variant="secondary"
                  className="px-3 py-1.5"
                  onClick={() => openVisits({ kind: 'record', spot })}
                >
                  {t('visits.record')}
                </Button>
              )}
              <Button variant="secondary" className="px-3 py-1.5" onClick={() => openVisits({ kind: 'list', spot })}>
                {t('visits.list')}
              </Button>
            </div>
          )}
          {takeOutOf.length > 0 && (
            <div className="flex flex-wrap gap-2 pt-2">
              <TakeOutOfCircleButtons spot={spot} circles={takeOutOf} />
            </div>
          )}
          {spot.is_owner && pending?.kind !== 'delete' && (
            <div className="mt-auto flex flex-wrap gap-2 pt-2">
              <Button variant="secondary" className="flex-1 px-3 py-1.5" onClick={() => editing.edit(spot)}>
                {t('locations.edit')}
              </Button>
              <Button
                variant="secondary"
                className="flex-1 px-3 py-1.5"
                onClick={() => openPhotos({ kind: 'manage', spot })}
              >
                {t('photos.manage', { n: spot.photos.length })}
              </Button>
              <Button variant="secondary" className="flex-1 px-3 py-1.5" onClick={() => onShare(spot)}>
                {t('locations.share')}
              </Button>
              <Button variant="secondary" className="flex-1 px-3 py-1.5 text-red-800" onClick={() => onDelete(spot)}>
                {t('locations.delete')}
              </Button>
            </div>
          )}
          {mayReport(spot) && (
            <Button
              variant="ghost"
              className="mt-auto self-end px-3 py-1.5 text-stone-700"
              aria-label={t('reports.reportSpot', { title })}
              onClick={() => openReport({ target_type: 'spot', target_id: spot.id, what: title })}
            >
              {t('reports.report')}
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}

/** What waits on the device for this spot; a refused change says why and offers Retry and Discard. */
function PendingNote({
  pending,
  onRetry,
  onDiscard,
  onCompare,
}: {
  pending: NonNullable<ShownSpot['pending']>;
  onRetry: (seq: number) => void;
  onDiscard: (seq: number) => void;
  /** A stale edit: compare it with the saved spot and choose, instead of retrying it as it is. */
  onCompare: (() => void) | null;
}) {
  const { t } = useTranslation();
  const outbox = useOutbox();
  // Refused for its photos (the quota): the spot or the visit is kept, sent again without them.
  const withoutPhotos =
    pending.error?.code === 'PHOTO_QUOTA_EXCEEDED' && (pending.kind === 'create' || pending.kind === 'visit');
  if (pending.status === 'failed') {
    return (
      <div role="status" className="rounded-md bg-red-50 p-2 text-sm text-red-900">
        <p className="font-semibold">{onCompare ? t('conflict.notice') : t('offline.notUploaded')}</p>
        {pending.error && <p>{codeMessage(pending.error, t('common.somethingWentWrong'))}</p>}
        <div className="mt-2 flex flex-wrap gap-2">
          {onCompare ? (
            <Button variant="secondary" className="px-3 py-1" onClick={onCompare}>
              {t('conflict.compare')}
            </Button>
          ) : (
            <Button variant="secondary" className="px-3 py-1" onClick={() => onRetry(pending.seq)}>
              {t('common.retry')}
            </Button>
          )}
          {withoutPhotos && (
            <Button
              variant="secondary"
              className="px-3 py-1"
              onClick={() => void outbox.retryWithoutPhotos(pending.seq)}
            >
              {t('offline.saveWithoutPhoto')}
            </Button>
          )}
          <Button variant="secondary" className="px-3 py-1 text-red-800" onClick={() => onDiscard(pending.seq)}>
            {t('offline.discard')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <p className="flex items-center gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900">
      <span aria-hidden="true">↑</span>
      {pending.kind === 'delete' ? t('offline.waitingToDelete') : t('offline.waitingToUpload')}
    </p>
  );
}

function TypeIcon({ type, label }: { type: Spot['type']; label: string }) {
  if (type === 'car_park') {
    return (
      <svg role="img" aria-label={label} viewBox="0 0 24 24" className="size-6 shrink-0">
        <rect x="1" y="1" width="22" height="22" rx="5" fill="#1d4ed8" />
        <path d="M9 18V6h4a3.5 3.5 0 0 1 0 7H9" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    <svg role="img" aria-label={label} viewBox="0 0 24 24" className="size-6 shrink-0">
      <circle cx="12" cy="12" r="11" fill="#15803d" />
      <path d="M5 12c0-4 3-6.5 7-6.5s7 2.5 7 6.5c0 .6-.4 1-1 1H6c-.6 0-1-.4-1-1z" fill="#fff" />
      <path d="M10 13h4l.6 4.3c.1.7-.4 1.2-1.1 1.2h-3c-.7 0-1.2-.5-1.1-1.2z" fill="#dcfce7" />
    </svg>
  );
}
