// The one lazy entry of the photos feature: the owner's manager or the large viewer, as asked.
import { useTranslation } from '../../i18n/use-translation.ts';
import type { PhotosRequest } from '../../domain/dialogs/photos-context.ts';
import { mayReport, useOpenReport } from '../../domain/dialogs/report-context.ts';
import PhotoViewer from '../../ui/photo-viewer.tsx';
import PhotoManager from './photo-manager.tsx';

export default function PhotoDialog({ request, onClose }: { request: PhotosRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const { spot } = request;
  const openReport = useOpenReport();
  const title = spot.mushroom_types || t(`locationTypes.${spot.type}`);
  return request.kind === 'manage' ? (
    <PhotoManager spot={spot} onClose={onClose} />
  ) : (
    <PhotoViewer
      title={title}
      photos={spot.photos}
      startAt={request.index}
      onClose={onClose}
      action={
        mayReport(spot)
          ? {
              label: t('reports.reportPhoto'),
              onSelect: (photo, position) =>
                openReport({
                  target_type: 'photo',
                  target_id: photo.id,
                  what: t('reports.whatPhoto', { title, position, total: spot.photos.length }),
                }),
            }
          : undefined
      }
    />
  );
}
