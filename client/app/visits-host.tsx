// Provides "record a visit", "visits" and "fruiting calendar" to the whole main screen; the views are a lazy chunk.
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { spotKeys } from '../domain/spots/spot-keys.ts';
import { VisitsContext, type VisitsRequest } from '../domain/dialogs/visits-context.ts';
import { queryClient } from './query-client.ts';
import { afterFirstDraw } from '../lib/after-first-draw.ts';
import { withAllWords } from '../i18n/later-words.ts';

const loadVisits = withAllWords(() => import('../features/visits/visits-view.tsx'));
const VisitsView = lazy(loadVisits);

export function VisitsHost({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<VisitsRequest | null>(null);

  useEffect(function preloadVisits() {
    // Fetched while there is signal: a visit is recorded at the spot, where there often is none. Once the map has
    // drawn: its first tiles come first.
    afterFirstDraw(loadVisits).catch(() => undefined);
  }, []);

  const open = useCallback((next: VisitsRequest) => setRequest(next), []);

  return (
    <VisitsContext.Provider value={open}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <VisitsView
            request={request}
            onClose={() => setRequest(null)}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: spotKeys.all })}
          />
        </Suspense>
      )}
    </VisitsContext.Provider>
  );
}
