// The Locations tab: the spots the user may see, newest first, a page at a time as they scroll.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import { applyPending } from '../../domain/offline/pending-view.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { useMe } from '../../domain/session/session.tsx';
import { useMyCircles } from '../../domain/sharing/circles.ts';
import { useOpenVisits } from '../../domain/dialogs/visits-context.ts';
import { activeFilters, useFiltered, useSpotFilter } from '../../domain/spots/spot-filter-url.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { DeleteDialog } from './delete-dialog.tsx';
import { SpotCard } from './spot-card.tsx';
import { PAGE_SIZE, useSpotPages } from './spots-api.ts';

// The share dialog, with its small map, loads when first opened.
const ShareDialog = lazy(() => import('./share-dialog.tsx'));

/** The export and import dialogs and "what is fruiting now" belong to features of their own: the app shell hands them in. */
type SpotsTabProps = {
  exportDialog: (onClose: () => void) => ReactNode;
  importDialog: (onClose: () => void) => ReactNode;
  fruitingPanel: (onClose: () => void) => ReactNode;
};

type OpenDialog = { kind: 'share' | 'delete'; spot: ShownSpot } | { kind: 'export' | 'import' } | null;

export default function SpotsTab({ exportDialog, importDialog: renderImport, fruitingPanel }: SpotsTabProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const outbox = useOutbox();
  const { filter, key: filterKey } = useSpotFilter();
  const pages = useSpotPages(me.id, filter);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [fruitingOpen, setFruitingOpen] = useState(false);
  const openVisits = useOpenVisits();
  // Asked for once for the whole list: the cards name the circles their spots are shared with.
  const circles = useMyCircles();
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;

  useEffect(
    function loadMoreWhenTheEndComesIntoView() {
      const sentinel = sentinelRef.current;
      if (!sentinel || !hasNextPage) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
        },
        { rootMargin: '400px' },
      );
      observer.observe(sentinel);
      return () => observer.disconnect();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  useEffect(
    function reportLoadFailure() {
      if (pages.isError) toast({ variant: 'destructive', title: t('locations.errorFetchingLocations') });
    },
    // Once per failure, not again on a language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pages.isError, pages.errorUpdatedAt],
  );

  const loaded = pages.data?.pages;
  // Changes still on the device are shown with their state: new spots first, then the rest as loaded.
  const shown = useMemo(
    () => applyPending(loaded?.flatMap((page) => page.items) ?? [], outbox.entries, me.name, outbox.photoUrls),
    [loaded, outbox.entries, me.name, outbox.photoUrls],
  );
  const items = useFiltered(shown, filter, filterKey);

  if (pages.isPending && items.length === 0) {
    return (
      <div className="flex justify-center p-8 text-green-800">
        <Spinner label={t('locations.loading')} className="size-8" />
      </div>
    );
  }
  if (pages.isError && !pages.data && items.length === 0) {
    return (
      <div className="rounded-lg border border-stone-300 bg-white p-8 text-center">
        <p className="font-medium">{t('locations.errorFetchingLocations')}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void pages.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  const importDialog = dialog?.kind === 'import' && renderImport(() => setDialog(null));

  if (items.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-stone-400 bg-white p-8 text-center">
        <h2 className="text-lg font-semibold">
          {activeFilters(filter) ? t('filter.noMatches') : t('locations.noLocationsFound')}
        </h2>
        {!activeFilters(filter) && (
          <>
            <p className="mt-2 text-sm text-stone-700">{t('locations.noLocationsSuggestion')}</p>
            <Button variant="secondary" className="mt-4" onClick={() => setDialog({ kind: 'import' })}>
              {t('import.open')}
            </Button>
          </>
        )}
        {importDialog}
      </div>
    );
  }

  return (
    <section aria-label={t('locations.listLabel')}>
      <div className="mb-4 flex flex-wrap gap-2">
        <Button variant="secondary" aria-expanded={fruitingOpen} onClick={() => setFruitingOpen((open) => !open)}>
          {t('fruiting.open')}
        </Button>
        <Button variant="secondary" onClick={() => openVisits({ kind: 'calendar' })}>
          {t('calendar.open')}
        </Button>
        <Button variant="secondary" onClick={() => setDialog({ kind: 'export' })}>
          {t('export.open')}
        </Button>
        <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
          {t('import.open')}
        </Button>
      </div>
      {fruitingOpen && fruitingPanel(() => setFruitingOpen(false))}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((spot, index) => (
          <SpotCard
            key={spot.id}
            spot={spot}
            circles={circles.data}
            // Each page's cards fade in one after another; a long list does not wait on its first cards.
            staggerIndex={index % PAGE_SIZE}
            onRetry={(seq) => void outbox.retry(seq)}
            onDiscard={(seq) => void outbox.discard(seq)}
            onShare={(chosen) => setDialog({ kind: 'share', spot: chosen })}
            onDelete={(chosen) => setDialog({ kind: 'delete', spot: chosen })}
          />
        ))}
      </ul>
      <div ref={sentinelRef} className="flex justify-center py-6">
        {hasNextPage && (
          // The observer loads the next page by itself; the button is there when it can't (old browser, keyboard).
          <Button
            variant="secondary"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            aria-busy={isFetchingNextPage}
          >
            {isFetchingNextPage && <Spinner />}
            {t('locations.loadMore')}
          </Button>
        )}
      </div>
      {dialog?.kind === 'share' && (
        <Suspense fallback={null}>
          <ShareDialog spot={dialog.spot} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {dialog?.kind === 'delete' && <DeleteDialog spot={dialog.spot} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'export' && exportDialog(() => setDialog(null))}
      {importDialog}
    </section>
  );
}
