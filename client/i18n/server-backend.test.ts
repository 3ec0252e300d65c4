import { describe, expect, it, vi } from 'vitest';
import { fetchTranslations } from './server-backend.ts';

describe('fetchTranslations', () => {
  it('retries a failed load 5 times, waiting 350 ms and doubling', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(async () => new Response('nope', { status: 503 }));
    const loading = fetchTranslations('lt', fetchImpl as unknown as typeof fetch);
    const outcome = loading.catch((error: unknown) => error);
    for (const delay of [350, 700, 1400, 2800, 5600]) await vi.advanceTimersByTimeAsync(delay);
    expect(await outcome).toBeInstanceOf(Error);
    expect(fetchImpl).toHaveBeenCalledTimes(6);
    vi.useRealTimers();
  });

  it('returns the flat dictionary once the server answers', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const fetchImpl = vi.fn(async () =>
      ++calls < 3 ? new Response('', { status: 500 }) : Response.json({ 'tabs.map': 'Žemėlapis' }),
    );
    const loading = fetchTranslations('lt', fetchImpl as unknown as typeof fetch);
    await vi.advanceTimersByTimeAsync(350 + 700);
    expect(await loading).toEqual({ 'tabs.map': 'Žemėlapis' });
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/v1/translations/lt',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    vi.useRealTimers();
  });
});
