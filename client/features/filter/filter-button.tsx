// The one "Filter" button for the map and the list, with how many filters are set; the panel loads on first use.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { activeFilters, useSpotFilter } from '../../domain/spots/spot-filter-url.ts';
import { useMyCircles } from '../../domain/sharing/circles.ts';
import { buttonClass } from '../../ui/button.tsx';
import { withAllWords } from '../../i18n/later-words.ts';

const FilterPanel = lazy(withAllWords(() => import('./filter-panel.tsx')));

export function FilterButton() {
  const { t } = useTranslation();
  const { filter } = useSpotFilter();
  const [open, setOpen] = useState(false);
  const count = activeFilters(filter);
  // Asked for here once the map has drawn (its popups name circles too), and handed to the panel.
  const circles = useMyCircles({ afterTheMap: true });
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={count ? t('filter.openActive', { count }) : undefined}
        className={buttonClass('secondary', 'px-3')}
      >
        {t('filter.open')}
        {count > 0 && (
          <span aria-hidden="true" className="rounded-full bg-green-800 px-1.5 text-xs text-white">
            {count}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <FilterPanel filter={filter} circles={circles.data} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
