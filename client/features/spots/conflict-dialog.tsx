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
import {
  SPOT_FIELD_LIST,
  type CompareKind,
  type ComparedFieldName,
  type SpotFieldLabel,
} from '../../../common/spot-field-list.ts';

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
    label: (label) => t(label),
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
  /** The words naming a field (common/spot-field-list.ts `label`). */
  label: (label: SpotFieldLabel) => string;
};

/** Both versions of a field as shown, or null when the edit leaves it as it was. */
type Compared = { yours: string; saved: string } | null;
type Comparer<Kind extends CompareKind> = (
  name: ComparedFieldName<Kind>,
  patch: SpotPatch,
  current: Spot,
  f: Formatters,
) => Compared;

/** How the dialog compares each kind of field (common/spot-field-list.ts `compare`). */
const COMPARE: { [Kind in CompareKind]: Comparer<Kind> } = {
  type: (name, patch, current, f) => {
    const yours = patch[name];
    return yours === undefined ? null : { yours: f.type(yours), saved: f.type(current[name]) };
  },
  text: (name, patch, current, f) => {
    const yours = patch[name];
    return yours === undefined ? null : { yours: f.text(yours), saved: f.text(current[name]) };
  },
  date: (name, patch, current, f) => {
    const yours = patch[name];
    return yours === undefined ? null : { yours: f.date(yours), saved: f.date(current[name]) };
  },
  // The position's fields are one row: the point moved.
  position: (_name, patch, current, f) =>
    patch.latitude === undefined || patch.longitude === undefined
      ? null
      : {
          yours: f.position(patch.latitude, patch.longitude),
          saved: f.position(current.latitude, current.longitude),
        },
  // Who sees it is one row, however the edit says it.
  sharing: (_name, patch, current, f) => {
    if (patch.is_public === undefined && patch.audience === undefined && patch.circle_ids === undefined) return null;
    const saved = sharingOf(current);
    // An edit queued before circles says only is_public (false keeps the spot's circles, as the server does);
    // one since names the audience and its circles as well.
    const yours = sharingOf({
      is_public: patch.is_public ?? patch.audience === 'public',
      circle_ids:
        patch.circle_ids ?? (patch.audience === undefined || patch.audience === 'circles' ? saved.circle_ids : []),
    });
    return { yours: f.sharing(yours), saved: f.sharing(saved) };
  },
  precision: (name, patch, current, f) => {
    const yours = patch[name];
    return yours === undefined ? null : { yours: f.precision(yours), saved: f.precision(current[name]) };
  },
};

/**
 * One row per field the edit changes, in the list's order (common/spot-field-list.ts, the form's); fields named by the
 * same words (the position's, who sees it) are one row.
 */
function compareRows(patch: SpotPatch, current: Spot, f: Formatters): Row[] {
  const rows: Row[] = [];
  const compared = new Set<SpotFieldLabel>();
  for (const field of SPOT_FIELD_LIST) {
    if (compared.has(field.label)) continue;
    compared.add(field.label);
    const compare = COMPARE[field.compare] as Comparer<CompareKind>;
    const both = compare(field.name as ComparedFieldName<CompareKind>, patch, current, f);
    if (both) rows.push({ label: f.label(field.label), ...both });
  }
  return rows;
}
