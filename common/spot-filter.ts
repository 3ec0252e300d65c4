// The filter of the map and the list, and the one rule for "does this spot match the species text". The
// server applies it in SQL (a generated column folded with the same table, see server/db/schema.ts) and the
// phone applies it to the spots it keeps for use with no signal; both run the cases in spot-filter.test.ts.
// No zod here: the main screen imports this file's types and the map loads the matcher lazily (ADR 0020).
import { isDueNow, type DueVisit } from './fruiting-due.ts';
import type { Audience, SpotFilter, SpotType } from './spot-filter-shape.ts';

export * from './spot-filter-shape.ts';

/** Words of the species text beyond this many are ignored, on both sides. */
export const SEARCH_TERMS_MAX = 8;

/**
 * Case and accent folding as one character-for-character table, so that PostgreSQL's `translate()` and this
 * file give the same text whatever the database's locale (PGlite's lower() leaves Š alone). ASCII capitals
 * become small; Latin letters with diacritics (Lithuanian, Latvian, Polish, German, French and more) become
 * the bare small letter; Cyrillic capitals become small, with ё and й as е and и. Characters past the end of
 * FOLD_TO are removed: the combining accents U+0300–U+036F, so a decomposed "š" folds like a composed one.
 */
const FOLD_PAIRS: Array<[string, string]> = [
  ['ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'],
  ['ĄČĘĖĮŠŲŪŽąčęėįšųūž', 'aceeisuuzaceeisuuz'],
  ['ĀĒĢĪĶĻŅŌŖāēģīķļņōŗ', 'aegiklnoraegiklnor'],
  ['ĆŁŃÓŚŹŻćłńóśźż', 'clnoszzclnoszz'],
  ['ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòôõöøùúûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyy'],
  ['ĂăĎďĚěŇňŘřŤťŮůŞşŢţ', 'aaddeennrrttuusstt'],
  ['АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯёй', 'абвгдеежзииклмнопрстуфхцчшщъыьэюяеи'],
];
const COMBINING_ACCENTS = Array.from({ length: 0x70 }, (_, index) => String.fromCharCode(0x300 + index)).join('');

export const FOLD_FROM = FOLD_PAIRS.map(([from]) => from).join('') + COMBINING_ACCENTS;
export const FOLD_TO = FOLD_PAIRS.map(([, to]) => to).join('');

const FOLD = new Map<string, string>();
for (let index = 0; index < FOLD_FROM.length; index++) {
  const from = FOLD_FROM[index]!;
  // translate() uses a character's first place in the table; so does this.
  if (!FOLD.has(from)) FOLD.set(from, FOLD_TO[index] ?? '');
}

/** Folds case and accents exactly as the server's `translate(…, FOLD_FROM, FOLD_TO)`. */
export function foldText(text: string): string {
  let folded = '';
  for (const character of text) folded += FOLD.get(character) ?? character;
  return folded;
}

/**
 * Lithuanian inflection endings (folded), longest first. A query word loses the longest of these that leaves
 * at least STEM_MIN characters, so "baravykas", "baravykai" and "baravykų" all look for "baravyk", and
 * "voveraitės" for "voverait". English plurals lose their "-es"/"-s"-like endings the same way.
 */
const ENDINGS = [
  'iuose',
  'iams',
  'ioms',
  'iems',
  'uose',
  'iais',
  'ose',
  'ams',
  'oms',
  'ems',
  'ais',
  'ius',
  'ios',
  'ies',
  'as',
  'is',
  'ys',
  'us',
  'os',
  'es',
  'ai',
  'ei',
  'ui',
  'iu',
  'io',
  'ia',
  'a',
  'e',
  'i',
  'o',
  'u',
  'y',
];
const STEM_MIN = 3;

function stem(word: string): string {
  if (/\d/.test(word)) return word;
  for (const ending of ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= STEM_MIN) return word.slice(0, -ending.length);
  }
  return word;
}

/**
 * The species text as the words a spot must contain: folded, split at anything that is not a letter or a
 * digit, each word stemmed, duplicates dropped, at most SEARCH_TERMS_MAX. A spot matches when every term
 * occurs somewhere (as a substring) in its folded mushroom types or notes. No words: no text condition.
 */
export function searchTerms(text: string | undefined): string[] {
  if (!text) return [];
  const words = foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stem);
  return [...new Set(words)].slice(0, SEARCH_TERMS_MAX);
}

/** What the server's generated `search_text` column holds for a spot. */
export function searchableText(spot: { mushroom_types: string; notes: string | null }): string {
  return foldText(`${spot.mushroom_types} ${spot.notes ?? ''}`);
}

export type FilterableSpot = {
  id: string;
  type: SpotType;
  mushroom_types: string;
  notes: string | null;
  date_found: string;
  is_public: boolean;
  is_owner: boolean;
  /** The circles it is shared with, as the viewer may know them; absent on a spot kept from before circles. */
  circle_ids?: readonly string[];
  photo_url: string | null;
  /** The visit summary; absent on a spot kept on the device by a Foray from before visits. */
  visits?: { last: { date: string } | null };
};

/**
 * Who sees a spot, as the filter's `audience` means it, from the fields every kept copy has: public; else shared
 * with a circle; else, for its owner, nobody else. Another user's spot that is neither (never sent to a viewer) is
 * `null`: no audience filter matches it.
 */
export function audienceOf(spot: Pick<FilterableSpot, 'is_public' | 'is_owner' | 'circle_ids'>): Audience | null {
  if (spot.is_public) return 'public';
  if ((spot.circle_ids ?? []).length > 0) return 'circles';
  return spot.is_owner ? 'private' : null;
}

/** Whose spots may be due for the viewer (ADR 0059): their own, and others' shared with their circles, not public. */
export const mayBeDue = (spot: Pick<FilterableSpot, 'is_public' | 'is_owner' | 'circle_ids'>): boolean =>
  spot.is_owner || (!spot.is_public && (spot.circle_ids ?? []).length > 0);

/**
 * What the device knows for `due=now` (ADR 0061): today, as the server counts it (UTC), and a spot's visits as the
 * device keeps them — one's own spots' visits, kept and still waiting; none for another's spot, whose are not kept.
 */
export type DueOnDevice = {
  today: string;
  visitsOf: (spotId: string) => readonly Pick<DueVisit, 'date' | 'outcome'>[];
};

/**
 * The filter as one test, for the spots kept on the device and those waiting in the outbox. `due=now` is decided from
 * `due`, the visits the device keeps; without it the spots come from an answer the rule already chose (the server's),
 * and only a spot never visited — one still waiting to be sent — is left out.
 */
export function spotMatcher(filter: SpotFilter, due?: DueOnDevice): (spot: FilterableSpot) => boolean {
  const terms = searchTerms(filter.q);
  // The server's rule: a visit on or after 1 January of the current year in UTC.
  const yearStart = `${new Date().getUTCFullYear()}-01-01`;
  const isDue = (spot: FilterableSpot) =>
    due ? mayBeDue(spot) && isDueNow(due.visitsOf(spot.id), due.today) : Boolean(spot.visits?.last);
  return (spot) => {
    if (filter.due === 'now' && !isDue(spot)) return false;
    if (filter.visited === 'this_year' && !((spot.visits?.last?.date ?? '') >= yearStart)) return false;
    if (filter.type && spot.type !== filter.type) return false;
    if (filter.from && spot.date_found < filter.from) return false;
    if (filter.to && spot.date_found > filter.to) return false;
    if (filter.owner === 'mine' && !spot.is_owner) return false;
    if (filter.owner === 'others' && spot.is_owner) return false;
    if (filter.visibility === 'public' && !spot.is_public) return false;
    // One's own spots kept from everyone: another forager's spot shared with one's circles is not one of them.
    if (filter.visibility === 'private' && (spot.is_public || !spot.is_owner)) return false;
    if (filter.audience && audienceOf(spot) !== filter.audience) return false;
    if (filter.circle_id && !(spot.circle_ids ?? []).includes(filter.circle_id)) return false;
    if (filter.photo && (spot.photo_url !== null) !== (filter.photo === 'with')) return false;
    if (terms.length === 0) return true;
    const text = searchableText(spot);
    return terms.every((term) => text.includes(term));
  };
}
