// Work the map's first picture does not need — chunks kept for use with no signal (the add form, visits, guidance),
// the device's copy of one's spots — waits until the base map's first tiles have drawn, then runs one piece at a
// time, each at an idle moment. On a phone with one bar of signal it would otherwise share the bandwidth and the one
// busy core with the tiles the forager is waiting for (issue #22).
import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle.ts';

/** Longest wait for the first tiles, counted from the first piece put off: with no signal or no tile server they never come. */
const FIRST_DRAW_TIMEOUT_MS = 8_000;

let reportDrawn: (() => void) | undefined;
let drawn: Promise<void> | undefined;
let drawnYet = false;
let queue: Promise<unknown> = Promise.resolve();

function firstDraw(): Promise<void> {
  drawn ??= new Promise<void>((resolve) => {
    reportDrawn = resolve;
    setTimeout(resolve, FIRST_DRAW_TIMEOUT_MS);
  }).then(() => {
    drawnYet = true;
  });
  return drawn;
}

/** The base map has drawn its first tiles (or the map shows with none to draw). */
export function reportFirstDraw(): void {
  void firstDraw();
  reportDrawn?.();
}

/** Runs `task` once the map has drawn, after the pieces put off before it, at an idle moment. */
export function afterFirstDraw<T>(task: () => Promise<T> | T): Promise<T> {
  const run = queue.then(firstDraw).then(whenIdle).then(task);
  queue = run.catch(() => undefined);
  return run;
}

/** False until the map has drawn (as `afterFirstDraw` waits for it), then true: for a query that may wait as long. */
export function useAfterFirstDraw(): boolean {
  const [done, setDone] = useState(drawnYet);
  useEffect(() => {
    let mounted = true;
    if (!done) void firstDraw().then(() => mounted && setDone(true));
    return () => {
      mounted = false;
    };
  }, [done]);
  return done;
}
