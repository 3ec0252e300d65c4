// "Take out of <circle>": on someone else's spot shared with a circle where I am the owner or an admin, the spot can
// be taken out of that circle (DELETE /api/v1/circles/:id/spots/:spot_id), after a confirmation. It stays its
// owner's; the circle's members, me included, stop seeing it unless it reaches us another way.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Circle } from '../../../common/schemas/circles.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { api, errorMessage } from '../../lib/api-client.ts';
import type { ShownSpot } from '../spots/spot-types.ts';
import { showTakenBack } from '../offline/shown-changes.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';

export function TakeOutOfCircleButtons({ spot, circles }: { spot: ShownSpot; circles: Circle[] }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Circle | null>(null);
  return (
    <>
      {circles.map((circle) => (
        <Button key={circle.id} variant="secondary" className="px-3 py-1.5" onClick={() => setAsking(circle)}>
          {t('circles.takeOut', { circle: circle.name })}
        </Button>
      ))}
      {asking && <TakeOutDialog spot={spot} circle={asking} onClose={() => setAsking(null)} />}
    </>
  );
}

export function TakeOutDialog({ spot, circle, onClose }: { spot: ShownSpot; circle: Circle; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function takeOut() {
    setBusy(true);
    try {
      await api(`/api/v1/circles/${encodeURIComponent(circle.id)}/spots/${encodeURIComponent(spot.id)}`, {
        method: 'DELETE',
      });
    } catch (error) {
      setBusy(false);
      toast({ variant: 'destructive', title: t('circles.takeOutFailed'), description: errorMessage(error, '') });
      return;
    }
    toast({ title: t('circles.takenOut', { circle: circle.name }) });
    // Gone from what this page shows now; the device check drops the kept copy at the next contact.
    showTakenBack(queryClient, [spot.id]);
    onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('circles.takeOutTitle', { circle: circle.name })}
      description={t('circles.takeOutExplain', { circle: circle.name })}
    >
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">{t('common.cancel')}</Button>
        </DialogClose>
        <Button variant="destructive" onClick={() => void takeOut()} disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          {t('circles.takeOut', { circle: circle.name })}
        </Button>
      </div>
    </Dialog>
  );
}
