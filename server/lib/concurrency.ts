/**
 * Runs at most `max` tasks at once; the rest wait their turn, first come first served. A task that fails
 * frees its place like one that succeeds.
 */
export function createConcurrencyLimit(max: number) {
  if (!Number.isInteger(max) || max < 1) throw new Error(`A concurrency limit must be a whole number ≥ 1, not ${max}`);
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < max) running++;
      // The place is handed over by release(): `running` stays the same when a waiter takes it.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Tasks running now and tasks waiting, for logs and tests. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
