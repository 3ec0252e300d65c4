// The filter's shape alone, with no code that runs: the main screen reads the page URL with it, and the contract's
// enums are made of its value lists, while the matcher (common/spot-filter.ts) loads when a filter is first used.

export const SEARCH_TEXT_MAX = 100;

/** What a spot is: the value lists the contract's enums are made of (common/schemas/spots.ts). */
export const SPOT_TYPES = ['mushroom_spot', 'car_park'] as const;
export type SpotType = (typeof SPOT_TYPES)[number];
/** Who sees a spot besides its owner (ADR 0053): nobody, some of the owner's circles, or everyone. */
export const AUDIENCES = ['private', 'circles', 'public'] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * The filter's one shape: each parameter of the filter bar (the API's query parameters and the page URL's) with
 * the values it may take. The contract's query schema (`spotFilterFields`), the type below and the page URL's
 * reader (client/domain/spots/spot-filter-url.ts) are all made from it.
 */
export const FILTER_CHOICES = {
  type: SPOT_TYPES,
  /** `mine`: only the viewer's own spots; `others`: only other people's (public, or shared with my circles). */
  owner: ['mine', 'others'],
  /**
   * Kept for older addresses: `private`, the viewer's own spots not public (shared with circles or not); `public`,
   * spots everyone sees.
   */
  visibility: ['private', 'public'],
  /**
   * Who sees the spot (ADR 0053): `private`, the viewer's own spots that nobody else sees (not public, no circle);
   * `circles`, spots shared with at least one circle and not public; `public`, spots everyone sees.
   */
  audience: AUDIENCES,
  photo: ['with', 'without'],
  /** Only spots with a visit this year (UTC), by their visit summary (ADR 0022). */
  visited: ['this_year'],
  /**
   * Only spots due now (ADR 0059, 0061): the viewer's own and others' shared with the viewer's circles (not public),
   * with a find in an earlier year within 14 days of today's day of the year (UTC) — what "Due now" lists.
   */
  due: ['now'],
} as const;
/** The filter's free-form parameters: species text, a found-date range (inclusive, YYYY-MM-DD) and a circle's id. */
export const FILTER_TEXTS = ['q', 'from', 'to', 'circle_id'] as const;

/** What the filter bar holds. `q` is species text: words found anywhere in the mushroom types or the notes. */
export type SpotFilter = { [Key in keyof typeof FILTER_CHOICES]?: (typeof FILTER_CHOICES)[Key][number] } & {
  [Key in (typeof FILTER_TEXTS)[number]]?: string;
};
export type SpotFilterKey = keyof SpotFilter;
export const FILTER_KEYS: SpotFilterKey[] = [...FILTER_TEXTS, ...(Object.keys(FILTER_CHOICES) as SpotFilterKey[])];
