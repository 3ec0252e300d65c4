// Work the map's first picture does not need — chunks kept for use with no signal (the add form, visits, guidance),
// the device's copy of one's spots — waits until that picture is complete: the base map's first tiles drawn and the
// spots (their counted bubbles, or the pins) shown. Then it runs one piece at a time, each at an idle moment. On a
// phone with one bar of signal it would otherwise share the bandwidth, the server and the one busy core with what
// the forager is waiting for (issue #22): the copy of one's own spots alone reads and writes every one of them.
import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle.ts';

/** Longest wait for the first picture, counted from the first piece put off: with no signal or no tile server it never comes. */
const FIRST_DRAW_TIMEOUT_MS = 8_000;

/** What the first picture still lacks. */
const awaited = new Set<'tiles' | 'spots'>(['tiles', 'spots']);
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

function reportPart(part: 'tiles' | 'spots') {
  void firstDraw();
  awaited.delete(part);
  if (awaited.size === 0) reportDrawn?.();
}

/** The base map has drawn its first tiles (or the map shows with none to draw). */
export function reportFirstDraw(): void {
  reportPart('tiles');
}

/** The map shows its first spots: the overview's counts, or the spots of the view (from the server or the device). */
export function reportSpotsShown(): void {
  reportPart('spots');
}

/** Runs `task` once the map's first picture is complete, after the pieces put off before it, at an idle moment. */
export function afterFirstDraw<T>(task: () => Promise<T> | T): Promise<T> {
  const run = queue.then(firstDraw).then(whenIdle).then(task);
  queue = run.catch(() => undefined);
  return run;
}

/** False until the map's first picture is complete (as `afterFirstDraw` waits for it), then true: for a query that may wait as long. */
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
