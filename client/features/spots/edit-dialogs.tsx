// The one lazy chunk behind "Edit" and "Compare and choose" (client/app/edit-host.tsx): one dynamic import on
// the main screen instead of two.
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import ConflictDialog from './conflict-dialog.tsx';
import EditSpotDialog from './edit-spot-dialog.tsx';

export default function EditDialogs({
  kind,
  spot,
  onClose,
}: {
  kind: 'edit' | 'compare';
  spot: ShownSpot;
  onClose: () => void;
}) {
  return kind === 'edit' ? (
    <EditSpotDialog spot={spot} onClose={onClose} />
  ) : (
    <ConflictDialog spot={spot} onClose={onClose} />
  );
}
