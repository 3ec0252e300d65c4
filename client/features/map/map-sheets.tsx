// The sheets beside the map, below it on a phone: the add form, "Add at my position" and moving a pin. None is part
// of the first paint: each loads when first opened, and the form and the fixer are fetched once the map is up
// (`preloadSheets`), keeping the main screen within its size budget.
import { lazy, Suspense, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { withAllWords } from '../../i18n/later-words.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { SMALL_SCREEN } from './map-view.tsx';

const loadForm = withAllWords(() => import('./add-spot-form.tsx'));
export const AddSpotForm = lazy(() => loadForm().then((module) => ({ default: module.AddSpotForm })));
// Loaded on the first "Add at my position" (and preloaded with the form, for a first use with no signal).
const loadFixer = withAllWords(() => import('./position-fixer.tsx'));
export const PositionFixer = lazy(() => loadFixer().then((module) => ({ default: module.PositionFixer })));
// "Move" on one of the user's pins: a draggable pin and its confirm step.
export const MoveSpotPanel = lazy(withAllWords(() => import('./move-spot-panel.tsx')));

/** The form's and the fixer's code, so that the first tap opens them at once, signal or not. */
export const preloadSheets = () => Promise.all([loadForm(), loadFixer()]);

/** A sheet, with a spinner while its code loads; `ref` lets its opener bring it into sight. */
export function Sheet({ ref, children }: { ref: RefObject<HTMLDivElement | null>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div ref={ref} className="scroll-mt-4">
      <Suspense fallback={<Spinner label={t('common.loading')} className="size-8 text-green-800" />}>
        {children}
      </Suspense>
    </div>
  );
}

/** On a phone a sheet opens below the map: bring it into sight without taking focus from the map. */
export function bringIntoSight(sheet: RefObject<HTMLDivElement | null>) {
  if (window.matchMedia(SMALL_SCREEN).matches) {
    requestAnimationFrame(() => sheet.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' }));
  }
}
