// The one lazy entry of the photos feature: the owner's manager or the large viewer, as asked.
import type { PhotosRequest } from '../../app/photos-context.ts';
import PhotoManager from './photo-manager.tsx';
import PhotoViewer from '../../ui/photo-viewer.tsx';

export default function PhotoDialog({ request, onClose }: { request: PhotosRequest; onClose: () => void }) {
  return request.kind === 'manage' ? (
    <PhotoManager spot={request.spot} onClose={onClose} />
  ) : (
    <PhotoViewer spot={request.spot} startAt={request.index} onClose={onClose} />
  );
}
