// "Open Circles" from a sharing choice that has no circle to offer yet. The circles screen
// (client/features/circles) provides it; until it does, the choice says in words where circles are made.
import { createContext, useContext } from 'react';

export const OpenCirclesContext = createContext<(() => void) | null>(null);

/** Opens the circles screen, or null where no screen provides it. */
export function useOpenCircles(): (() => void) | null {
  return useContext(OpenCirclesContext);
}
