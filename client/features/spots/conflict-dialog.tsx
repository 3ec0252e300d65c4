// The user's edit was made on a version of the spot that changed elsewhere since (409 STALE): each field they
// changed, theirs beside the one saved now, and the choice — keep theirs (sent again on the saved version) or
// take the saved values (their edit is dropped). Nothing is overwritten without this choice. Loaded when opened.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Precision, Spot } from '../../../common/schemas/spots.ts';
import { formatCoordinates, formatDate } from '../../lib/format.ts';
import type { ShownSpot, SpotPatch } from '../../domain/spots/spot-types.ts';
import { spotKeys } from '../../domain/spots/spot-keys.ts';
import { useMyCircles } from '../../domain/sharing/circles.ts';
import { circlesText, sharingOf, type Sharing } from '../../domain/sharing/sharing.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { resolveStaleEdit } from '../../domain/offline/stale-edit.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

type Row = { label: string; yours: string; saved: string };

export default function ConflictDialog({ spot, onClose }: { spot: ShownSpot; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const outbox = useOutbox();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const circles = useMyCircles();
  const pending = spot.pending;
  const current = pending?.error?.current;
  if (!pending || !current || !pending.patch) return null;
  const language = i18n.resolvedLanguage ?? 'en';

  const text = (value: string | null | undefined) => (value?.trim() ? value : t('conflict.empty'));
  const rows = compareRows(pending.patch, current, {
    text,
    type: (type) => t(`locationTypes.${type}`),
    date: (date) => formatDate(date, language, 'long'),
    sharing: ({ audience, circle_ids: ids }) =>
      audience === 'public'
        ? t('sharing.public')
        : audience === 'circles'
          ? `${t('sharing.circles')}: ${circlesText(ids, circles.data, t)}`
          : t('sharing.private'),
    precision: (precision) =>
      precision === '1km'
        ? t('sharing.precision.1km')
        : precision === '10km'
          ? t('sharing.precision.10km')
          : t('sharing.precision.exact'),
    position: (lat, lng) => formatCoordinates(lat, lng, 6),
    labels: {
      type: t('form.type'),
      mushroom_types: t('form.mushroomTypes'),
      finder: t('form.finder'),
      date_found: t('form.dateFound'),
      notes: t('form.notes'),
      is_public: t('form.sharing'),
      precision: t('sharing.precisionLabel'),
      position: t('conflict.position'),
    },
  });

  async function choose(choice: 'mine' | 'server') {
    setBusy(true);
    await resolveStaleEdit(pending!.seq, choice).catch(() => undefined);
    // Mine goes again at once; otherwise the map and list show the saved spot, not the copy loaded before.
    if (choice === 'mine') outbox.uploadNow();
    else void queryClient.invalidateQueries({ queryKey: spotKeys.all });
    onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('conflict.title')}
      description={t('conflict.description')}
    >
      <div className="max-h-[55dvh] space-y-3 overflow-y-auto">
        {rows.map((row) => (
          <section key={row.label} aria-label={row.label} className="rounded-md border border-stone-300 p-3">
            <h3 className="text-sm font-semibold">{row.label}</h3>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-stone-700">{t('conflict.yours')}</dt>
              <dd className="break-words whitespace-pre-line">{row.yours}</dd>
              <dt className="text-stone-700">{t('conflict.server')}</dt>
              <dd className="break-words whitespace-pre-line">{row.saved}</dd>
            </dl>
          </section>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => void choose('server')}>
          {t('conflict.takeServer')}
        </Button>
        <Button disabled={busy} onClick={() => void choose('mine')}>
          {t('conflict.keepMine')}
        </Button>
      </div>
    </Dialog>
  );
}

type Formatters = {
  text: (value: string | null | undefined) => string;
  type: (type: Spot['type']) => string;
  date: (date: string) => string;
  sharing: (sharing: Sharing) => string;
  precision: (precision: Precision) => string;
  position: (lat: number, lng: number) => string;
  labels: Record<
    'type' | 'mushroom_types' | 'finder' | 'date_found' | 'notes' | 'is_public' | 'precision' | 'position',
    string
  >;
};

/** One row per field the edit changes, in the form's order. */
function compareRows(patch: SpotPatch, current: Spot, f: Formatters): Row[] {
  const rows: Row[] = [];
  if (patch.type !== undefined)
    rows.push({ label: f.labels.type, yours: f.type(patch.type), saved: f.type(current.type) });
  if (patch.mushroom_types !== undefined)
    rows.push({
      label: f.labels.mushroom_types,
      yours: f.text(patch.mushroom_types),
      saved: f.text(current.mushroom_types),
    });
  if (patch.finder !== undefined)
    rows.push({ label: f.labels.finder, yours: f.text(patch.finder), saved: f.text(current.finder) });
  if (patch.date_found !== undefined)
    rows.push({ label: f.labels.date_found, yours: f.date(patch.date_found), saved: f.date(current.date_found) });
  if (patch.notes !== undefined)
    rows.push({ label: f.labels.notes, yours: f.text(patch.notes), saved: f.text(current.notes) });
  if (patch.latitude !== undefined && patch.longitude !== undefined) {
    rows.push({
      label: f.labels.position,
      yours: f.position(patch.latitude, patch.longitude),
      saved: f.position(current.latitude, current.longitude),
    });
  }
  if (patch.is_public !== undefined || patch.audience !== undefined || patch.circle_ids !== undefined) {
    const saved = sharingOf(current);
    // An edit queued before circles says only is_public (false keeps the spot's circles, as the server does);
    // one since names the audience and its circles as well.
    const yours = sharingOf({
      is_public: patch.is_public ?? patch.audience === 'public',
      circle_ids:
        patch.circle_ids ?? (patch.audience === undefined || patch.audience === 'circles' ? saved.circle_ids : []),
    });
    rows.push({ label: f.labels.is_public, yours: f.sharing(yours), saved: f.sharing(saved) });
  }
  if (patch.precision !== undefined)
    rows.push({
      label: f.labels.precision,
      yours: f.precision(patch.precision),
      saved: f.precision(current.precision),
    });
  return rows;
}
