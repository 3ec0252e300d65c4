// Provides "guide me to this spot" to the whole main screen and shows the guidance view when asked.
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useClientConfig } from '../domain/session/client-config.ts';
import { askForCompass, GuidanceContext, type GuidanceTarget } from '../domain/dialogs/guidance-context.ts';
import { afterFirstDraw } from '../lib/after-first-draw.ts';
import { withAllWords } from '../i18n/later-words.ts';

const loadGuidance = withAllWords(() => import('../features/guidance/guidance-view.tsx'));
const GuidanceView = lazy(loadGuidance);

export function GuidanceHost({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<GuidanceTarget | null>(null);
  const config = useClientConfig();

  useEffect(function preloadGuidance() {
    // Fetched while there is signal: "Back to the car" is wanted most where there is none. Once the map has
    // drawn: its first tiles come first.
    afterFirstDraw(loadGuidance).catch(() => undefined);
  }, []);

  const guide = useCallback((next: GuidanceTarget) => {
    askForCompass();
    setTarget(next);
  }, []);

  return (
    <GuidanceContext.Provider value={guide}>
      {children}
      {target && (
        <Suspense fallback={null}>
          <GuidanceView target={target} tileLayer={config.data?.tile_layers[0]} onClose={() => setTarget(null)} />
        </Suspense>
      )}
    </GuidanceContext.Provider>
  );
}
