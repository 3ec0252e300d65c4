// Code fetched when first wanted (a chunk of its own), then kept: every later caller gets the same load, and once it
// is in, `now()` gives it at once, so a redraw does not wait a turn. A failed fetch (no signal, an old cache) is not
// kept: the next `load()` tries again.
export type LoadOnce<T> = { load: () => Promise<T>; now: () => T | undefined };

export function loadOnce<T>(fetch: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | undefined;
  let loaded: { value: T } | undefined;
  return {
    load: () =>
      (loading ??= fetch().then(
        (value) => {
          loaded = { value };
          return value;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    now: () => loaded?.value,
  };
}
