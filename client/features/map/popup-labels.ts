// The words and actions of a spot's popup on the map (spot-popup.ts builds it outside React): what the Map tab
// hands to its pins and to the overview's lone pins.
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import { useGuide } from '../../domain/dialogs/guidance-context.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import { useOpenPhotos } from '../../domain/dialogs/photos-context.ts';
import { useSpotEditing } from '../../domain/spots/spot-editing.ts';
import { visitSummaryText } from '../../domain/spots/visit-summary.ts';
import { useOpenVisits } from '../../domain/dialogs/visits-context.ts';
import { codeMessage } from '../../lib/api-client.ts';
import { useMyCircles } from '../../domain/sharing/circles.ts';
import { circlesToTakeOutOf } from '../../domain/sharing/take-out-circles.ts';
import type { Circle } from '../../../common/schemas/circles.ts';
import { approximateText, audienceBadge, othersSeeText, sharedByText, areaOf } from '../../domain/sharing/sharing.ts';
import { hiddenOf, hiddenText } from '../../domain/spots/hidden.ts';
import { useOpenReport } from '../../domain/dialogs/report-context.ts';
import { spotTitle } from '../../domain/spots/spot-text.ts';
import type { ShownTextField } from '../../../common/spot-field-list.ts';

/** `onMove`: "Move" on one of the user's pins, which the Map tab answers with its move panel. */
export function usePopupLabels(
  onMove: (spot: ShownSpot) => void,
  onTakeOut: (spot: ShownSpot, circle: Circle) => void = () => undefined,
) {
  const { t, i18n } = useTranslation();
  const guide = useGuide();
  const openPhotos = useOpenPhotos();
  const openVisits = useOpenVisits();
  const editing = useSpotEditing();
  const { retry, discard } = useOutbox();
  const openReport = useOpenReport();
  const language = i18n.resolvedLanguage ?? 'en';
  // Names for the circles a spot is shared with; until they load (or with no signal), how many.
  const circles = useMyCircles({ afterTheMap: true }).data;
  return useMemo(
    () => ({
      language,
      loading: t('map.spotLoading'),
      typeLabel: (type: Spot['type']) => t(`locationTypes.${type}`),
      fieldLabel: (label: ShownTextField['label']) => t(label),
      foundBy: (finder: string) => t('map.popupFinder', { finder }),
      dateFound: (date: string) => t('map.popupDateFound', { date }),
      parkedOn: (date: string) => t('locations.parkedOn', { date }),
      directions: (coordinates: string) => t('map.popupDirections', { coordinates }),
      photoAlt: (title: string) => t('locations.photoAlt', { title }),
      cluster: (count: number) => t('map.clusterLabel', { count }),
      pendingLabel: (failed: boolean) => (failed ? t('offline.notUploaded') : t('offline.waitingToUpload')),
      failureReason: (error: { code: string; message: string }) => codeMessage(error, t('common.somethingWentWrong')),
      retry: t('common.retry'),
      discard: t('offline.discard'),
      onRetry: (seq: number) => void retry(seq),
      onDiscard: (seq: number) => void discard(seq),
      accuracy: (metres: number) => t('locations.accuracy', { metres }),
      audienceLabel: t('form.sharing'),
      audience: (spot: ShownSpot) => audienceBadge(spot, circles, t),
      sharedBy: (spot: ShownSpot) => sharedByText(spot, circles, t),
      othersSee: (spot: ShownSpot) => othersSeeText(spot, t),
      approximate: (spot: Pick<ShownSpot, 'precision' | 'area'>) => {
        const area = areaOf(spot);
        return area ? approximateText(area.precision, t) : null;
      },
      visitSummary: (spot: ShownSpot) => visitSummaryText(spot.visits, language, t),
      recordVisit: t('visits.record'),
      visits: t('visits.list'),
      onVisits: (spot: ShownSpot, kind: 'record' | 'list') => openVisits({ kind, spot }),
      report: t('reports.report'),
      reportLabel: (title: string) => t('reports.reportSpot', { title }),
      onReport: (spot: ShownSpot) =>
        openReport({
          target_type: 'spot',
          target_id: spot.id,
          what: spotTitle(spot, t(`locationTypes.${spot.type}`)),
        }),
      hidden: (spot: ShownSpot) => {
        const hidden = hiddenOf(spot);
        return hidden ? hiddenText(hidden, t) : null;
      },
      hiddenNote: t('reports.hiddenNote'),
      accuracyCircle: (metres: number) => t('map.accuracyCircle', { metres }),
      yourAccuracyCircle: (metres: number) => t('map.yourAccuracyCircle', { metres }),
      guide: (isCar: boolean) => (isCar ? t('guidance.backToCar') : t('guidance.guideMeHere')),
      edit: t('locations.edit'),
      move: t('map.move'),
      compare: t('conflict.compare'),
      onEdit: editing.edit,
      onCompare: editing.compare,
      onMove,
      managePhotos: (n: number) => t('photos.manage', { n }),
      viewPhotos: (title: string) => t('photos.view', { title }),
      onManagePhotos: (spot: ShownSpot) => openPhotos({ kind: 'manage', spot }),
      onViewPhotos: (spot: ShownSpot) => openPhotos({ kind: 'view', spot, index: 0 }),
      takeOutOf: (spot: ShownSpot) => circlesToTakeOutOf(spot, circles),
      takeOut: (circle: string) => t('circles.takeOut', { circle }),
      onTakeOut,
      onGuide: (spot: ShownSpot) =>
        guide({
          latitude: spot.latitude,
          longitude: spot.longitude,
          title: spotTitle(spot, t(`locationTypes.${spot.type}`)),
          isCar: spot.type === 'car_park',
          area: areaOf(spot),
        }),
    }),
    [t, language, retry, discard, guide, editing, openPhotos, openVisits, openReport, onMove, onTakeOut, circles],
  );
}
