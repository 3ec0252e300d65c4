import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createConcurrencyLimit', () => {
  it('runs at most max tasks at once, the others in the order they came', async () => {
    const limit = createConcurrencyLimit(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let peak = 0;
    let active = 0;
    const results = gates.map((gate, index) =>
      limit.run(async () => {
        started.push(index);
        peak = Math.max(peak, ++active);
        await gate.promise;
        active--;
        return index * 10;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(limit.load).toEqual({ running: 2, waiting: 3 });

    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40]);
    expect(peak).toBe(2);
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the place of a task that fails, and passes its error on', async () => {
    const limit = createConcurrencyLimit(1);
    const failing = limit.run(async () => {
      throw new Error('broken photo');
    });
    const next = limit.run(async () => 'next ran');
    await expect(failing).rejects.toThrow('broken photo');
    expect(await next).toBe('next ran');
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a limit that could run nothing', () => {
    expect(() => createConcurrencyLimit(0)).toThrow(/≥ 1/);
  });
});
