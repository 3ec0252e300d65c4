import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('fetches once for every caller, and gives the value at once when it is in', async () => {
    let fetches = 0;
    const code = loadOnce(async () => {
      fetches++;
      return { draw: 'clusters' };
    });
    expect(code.now()).toBeUndefined();
    const [first, second] = await Promise.all([code.load(), code.load()]);
    expect(first).toBe(second);
    expect(code.now()).toBe(first);
    expect(await code.load()).toBe(first);
    expect(fetches).toBe(1);
  });

  it('keeps no failed fetch: the next load tries again', async () => {
    let fetches = 0;
    const code = loadOnce(async () => {
      fetches++;
      if (fetches === 1) throw new Error('no signal');
      return 'drawing code';
    });
    await expect(code.load()).rejects.toThrow('no signal');
    expect(code.now()).toBeUndefined();
    expect(await code.load()).toBe('drawing code');
    expect(code.now()).toBe('drawing code');
    expect(fetches).toBe(2);
  });
});
