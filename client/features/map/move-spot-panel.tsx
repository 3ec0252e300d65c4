// Moving one of the user's spots: a pin they can drag, or "Move to map centre" / "Move to my position" (the
// averaged fixes of "Add at my position"), and always a confirm step that shows the new coordinates before
// anything is saved. Dragged or centred, the spot has no accuracy; from the position, the phone's.
// Loaded when first used.
import { useEffect, useId, useRef, useState } from 'react';
import L from 'leaflet';
import { useTranslation } from '../../i18n/use-translation.ts';
import { isOnline } from '../../lib/connectivity.ts';
import { formatCoordinates } from '../../lib/format.ts';
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { spotIcon } from './marker-icons.ts';
import { PositionFixer } from './position-fixer.tsx';
import { movePatch } from './move-patch.ts';

type Candidate = { latitude: number; longitude: number; accuracy: number | null };

export default function MoveSpotPanel({ map, spot, onClose }: { map: L.Map; spot: ShownSpot; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const outbox = useOutbox();
  const headingId = useId();
  const [candidate, setCandidate] = useState<Candidate | null>(null);
  const [fixing, setFixing] = useState(false);
  const [saving, setSaving] = useState(false);
  const pinRef = useRef<L.Marker | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const title = spot.mushroom_types || t(`locationTypes.${spot.type}`);
  const pinLabel = t('move.pinLabel', { title });

  useEffect(
    function showADraggablePin() {
      const pin = L.marker([spot.latitude, spot.longitude], {
        icon: spotIcon(spot.type),
        draggable: true,
        keyboard: true,
        title: pinLabel,
        zIndexOffset: 1000,
      });
      pin.on('add', () => {
        const element = pin.getElement();
        element?.setAttribute('aria-label', pinLabel);
        element?.classList.add('foray-moving');
      });
      pin.on('dragend', () => {
        const { lat, lng } = pin.getLatLng();
        setCandidate({ latitude: lat, longitude: lng, accuracy: null });
      });
      pin.addTo(map);
      pinRef.current = pin;
      if (!map.getBounds().contains(pin.getLatLng())) map.panTo(pin.getLatLng());
      return () => {
        pin.remove();
        pinRef.current = null;
      };
    },
    [map, spot, pinLabel],
  );

  useEffect(
    function focusTheConfirmStep() {
      // The question and its buttons take the focus, so a screen reader hears where the spot would go.
      if (candidate) confirmRef.current?.querySelector('button')?.focus();
    },
    [candidate],
  );

  function propose(next: Candidate) {
    setFixing(false);
    pinRef.current?.setLatLng([next.latitude, next.longitude]);
    setCandidate(next);
  }

  function handleCancelCandidate() {
    pinRef.current?.setLatLng([spot.latitude, spot.longitude]);
    setCandidate(null);
  }

  async function handleConfirm() {
    if (!candidate) return;
    setSaving(true);
    try {
      await outbox.record({
        kind: 'edit',
        spotId: spot.id,
        patch: movePatch(candidate.latitude, candidate.longitude, candidate.accuracy),
        baseVersion: spot.version,
      });
    } catch {
      setSaving(false);
      toast({ variant: 'destructive', title: t('edit.failed'), description: t('offline.deviceStorageFailed') });
      return;
    }
    toast(isOnline() ? { title: t('move.moved') } : { title: t('move.moved'), description: t('edit.savedOffline') });
    onClose();
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-stone-300 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t('move.title')}: {title}
      </h2>
      {candidate ? (
        <div ref={confirmRef} role="group" aria-label={t('move.confirmQuestion')} className="space-y-3">
          <p className="font-medium">{t('move.confirmQuestion')}</p>
          <p className="text-sm">
            {t('move.newCoordinates', { coordinates: formatCoordinates(candidate.latitude, candidate.longitude, 6) })}
            {candidate.accuracy !== null && <>, {t('form.accuracy', { metres: Math.round(candidate.accuracy) })}</>}
          </p>
          <div className="flex gap-2">
            <Button onClick={() => void handleConfirm()} disabled={saving} aria-busy={saving} className="flex-1">
              {saving && <Spinner />}
              {t('move.confirm')}
            </Button>
            <Button variant="secondary" onClick={handleCancelCandidate} disabled={saving}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : fixing ? (
        <PositionFixer
          onUse={(fix) => {
            propose({ latitude: fix.latitude, longitude: fix.longitude, accuracy: fix.accuracy });
            map.setView([fix.latitude, fix.longitude], Math.max(map.getZoom(), 16));
          }}
          onCancel={() => setFixing(false)}
        />
      ) : (
        <>
          <p className="text-sm text-stone-800">{t('move.hint')}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                const centre = map.getCenter();
                propose({ latitude: centre.lat, longitude: centre.lng, accuracy: null });
              }}
            >
              {t('move.toCentre')}
            </Button>
            <Button variant="secondary" onClick={() => setFixing(true)}>
              {t('move.toMyPosition')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('common.cancel')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
