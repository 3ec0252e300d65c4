// "Add at my position": watches the phone's position, averages the fixes while the forager stands still, and
// offers the point once it is good enough (or the best the phone gives after a while). Loaded when first used.
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  averageFixes,
  BEST_AFTER_MS,
  canUseFix,
  GOOD_ENOUGH_M,
  type AveragedFix,
  type Fix,
} from '../../lib/position-fixes.ts';
import { useNow, useWatchedPosition, type PositionState } from '../../lib/position-watch.ts';
import { Button } from '../../ui/button.tsx';

/** Enough for the averaging: a phone gives about one fix a second; older ones belong to another moment. */
const FIXES_KEPT = 30;

export function PositionFixer({ onUse, onCancel }: { onUse: (fix: AveragedFix) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const position = useWatchedPosition();
  const now = useNow();
  const [startedAt] = useState(() => Date.now());
  const [seen, setSeen] = useState<PositionState>(position);
  const [fixes, setFixes] = useState<Fix[]>([]);
  if (seen !== position) {
    // Each new fix once, as it comes (the derived-state pattern: no effect, no extra render).
    setSeen(position);
    if (position.status === 'located') {
      const { latitude, longitude, accuracy, timestamp } = position;
      setFixes([...fixes.slice(1 - FIXES_KEPT), { latitude, longitude, accuracy, timestamp }]);
    }
  }
  const averaged = averageFixes(fixes);
  const usable = canUseFix(averaged, now - startedAt);

  let hint: string;
  if (position.status === 'denied' || position.status === 'unavailable') hint = t('fixer.unavailable');
  else if (!averaged) hint = t('fixer.waiting');
  else if (averaged.accuracy <= GOOD_ENOUGH_M) hint = t('fixer.ready');
  else if (usable) hint = t('fixer.bestSoFar', { seconds: BEST_AFTER_MS / 1000 });
  else hint = t('fixer.holdStill', { limit: GOOD_ENOUGH_M });

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-stone-300 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t('fixer.title')}
      </h2>
      {averaged && (
        <p className="text-base">
          <span className="font-semibold">{t('fixer.accuracy', { metres: Math.round(averaged.accuracy) })}</span>
          <span className="text-stone-700"> · {t('fixer.fixes', { count: averaged.count })}</span>
        </p>
      )}
      {/* Said when it changes (a few times at most), not the accuracy of every fix. */}
      <p role="status" className="text-sm text-stone-800">
        {hint}
      </p>
      <div className="flex gap-2">
        <Button disabled={!usable} onClick={() => averaged && onUse(averaged)} className="flex-1">
          {t('fixer.use')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </section>
  );
}
