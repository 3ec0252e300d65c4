// The cases the server (locations search API test) and the phone (spot-filter.test.ts) must both decide the
// same way, species text and sharing: one list each, so the two sides cannot drift apart.

export type SearchCase = { why: string; q: string; mushroom_types: string; notes: string | null; matches: boolean };

export const SEARCH_CASES: SearchCase[] = [
  {
    why: 'a Lithuanian ending: singular query, plural stored',
    q: 'baravykas',
    mushroom_types: 'Baravykai',
    notes: null,
    matches: true,
  },
  {
    why: 'the genitive plural with its ų',
    q: 'baravykas',
    mushroom_types: 'Daug baravykų',
    notes: null,
    matches: true,
  },
  { why: 'diacritics typed, none stored', q: 'Voveraitės', mushroom_types: 'voveraites', notes: null, matches: true },
  {
    why: 'no diacritics typed, some stored',
    q: 'raudonvirsis',
    mushroom_types: 'Raudonviršiai',
    notes: null,
    matches: true,
  },
  { why: 'case ignored', q: 'CHANTERELLE', mushroom_types: 'chanterelles', notes: null, matches: true },
  {
    why: 'found in the notes',
    q: 'kazlėkas',
    mushroom_types: 'Ūmėdės',
    notes: 'Ir keli KAZLĖKAI prie kelio',
    matches: true,
  },
  {
    why: 'a word inside another',
    q: 'voveraite',
    mushroom_types: 'Geltonosios voveraitės',
    notes: null,
    matches: true,
  },
  {
    why: 'every word must occur',
    q: 'baravykai pušynas',
    mushroom_types: 'Baravykai',
    notes: 'Eglynas',
    matches: false,
  },
  {
    why: 'every word occurs, in types and notes',
    q: 'baravykai eglynas',
    mushroom_types: 'Baravykai',
    notes: 'Eglynas',
    matches: true,
  },
  {
    why: 'the species named only in the notes',
    q: 'baravykas',
    mushroom_types: 'Voveraitės',
    notes: 'Prie baravykų? Ne.',
    matches: true,
  },
  { why: 'a different stem', q: 'baravykas', mushroom_types: 'Voveraitės', notes: 'Eglynas', matches: false },
  {
    why: 'a decomposed accent (s + combining caron)',
    q: 'šilbaravykis',
    mushroom_types: 'S\u030Cilbaravykiai',
    notes: null,
    matches: true,
  },
  { why: 'punctuation is not a word', q: '  baravykai, !!', mushroom_types: 'baravykai', notes: null, matches: true },
  { why: 'only punctuation: no text condition', q: '?!', mushroom_types: 'Ūmėdės', notes: null, matches: true },
  { why: 'LIKE wildcards are plain characters', q: '100%', mushroom_types: 'Ūmėdės', notes: 'x', matches: false },
  { why: 'a short word keeps its ending', q: 'kas', mushroom_types: 'Ka', notes: null, matches: false },
  { why: 'Cyrillic, case ignored', q: 'БЕЛЫЙ', mushroom_types: 'белый гриб', notes: null, matches: true },
];

/**
 * The sharing filters (ADR 0053), decided the same way by the server (over the spots a viewer may see) and the
 * phone (over the spots it keeps). The viewer is in two circles, "family" and "club"; each case is one spot, the
 * viewer's own or another forager's, shared as it says (the other forager shares with circles the viewer is in,
 * so the viewer sees those circles' ids). A test names the circles' real ids for "family" and "club".
 */
export type SharingCaseCircle = 'family' | 'club';
export type SharingCase = {
  why: string;
  spot: { owner: 'viewer' | 'other'; audience: 'private' | 'circles' | 'public'; circles: SharingCaseCircle[] };
  filter: {
    owner?: 'mine' | 'others';
    audience?: 'private' | 'circles' | 'public';
    circle?: SharingCaseCircle;
    visibility?: 'private' | 'public';
  };
  matches: boolean;
};

const mine = (audience: SharingCase['spot']['audience'], circles: SharingCaseCircle[] = []) =>
  ({ owner: 'viewer', audience, circles }) as const;
const theirs = (audience: SharingCase['spot']['audience'], circles: SharingCaseCircle[] = []) =>
  ({ owner: 'other', audience, circles }) as const;

export const SHARING_CASES: SharingCase[] = [
  { why: 'only me: my private spot', spot: mine('private'), filter: { audience: 'private' }, matches: true },
  { why: 'only me: not my public spot', spot: mine('public'), filter: { audience: 'private' }, matches: false },
  {
    why: 'only me: not my spot shared with a circle',
    spot: mine('circles', ['family']),
    filter: { audience: 'private' },
    matches: false,
  },
  {
    why: 'only me: never another forager’s spot',
    spot: theirs('circles', ['family']),
    filter: { audience: 'private' },
    matches: false,
  },
  {
    why: 'circles: my spot shared with one',
    spot: mine('circles', ['club']),
    filter: { audience: 'circles' },
    matches: true,
  },
  {
    why: 'circles: another forager’s spot shared with me',
    spot: theirs('circles', ['family', 'club']),
    filter: { audience: 'circles' },
    matches: true,
  },
  { why: 'circles: not a public spot', spot: theirs('public'), filter: { audience: 'circles' }, matches: false },
  { why: 'circles: not my private spot', spot: mine('private'), filter: { audience: 'circles' }, matches: false },
  { why: 'everyone: my public spot', spot: mine('public'), filter: { audience: 'public' }, matches: true },
  {
    why: 'everyone: another forager’s public spot',
    spot: theirs('public'),
    filter: { audience: 'public' },
    matches: true,
  },
  {
    why: 'everyone: not a spot shared with circles',
    spot: theirs('circles', ['family']),
    filter: { audience: 'public' },
    matches: false,
  },
  {
    why: 'a circle: my spot shared with it',
    spot: mine('circles', ['family', 'club']),
    filter: { circle: 'family' },
    matches: true,
  },
  {
    why: 'a circle: not my spot shared with another',
    spot: mine('circles', ['club']),
    filter: { circle: 'family' },
    matches: false,
  },
  {
    why: 'a circle: another forager’s spot shared with it',
    spot: theirs('circles', ['club']),
    filter: { circle: 'club' },
    matches: true,
  },
  { why: 'a circle: not a public spot', spot: theirs('public'), filter: { circle: 'club' }, matches: false },
  { why: 'a circle: not my private spot', spot: mine('private'), filter: { circle: 'club' }, matches: false },
  {
    why: 'shared with me: another forager’s spot in my circle',
    spot: theirs('circles', ['family']),
    filter: { owner: 'others', audience: 'circles' },
    matches: true,
  },
  {
    why: 'shared with me: not my own shared spot',
    spot: mine('circles', ['family']),
    filter: { owner: 'others', audience: 'circles' },
    matches: false,
  },
  {
    why: 'shared with me: not another forager’s public spot',
    spot: theirs('public'),
    filter: { owner: 'others', audience: 'circles' },
    matches: false,
  },
  {
    why: 'a circle and everyone together: nothing is both',
    spot: mine('public'),
    filter: { audience: 'public', circle: 'family' },
    matches: false,
  },
  {
    why: 'older addresses: visibility=private is my spots not public, shared with circles too',
    spot: mine('circles', ['family']),
    filter: { visibility: 'private' },
    matches: true,
  },
  {
    why: 'older addresses: visibility=private is never another forager’s spot',
    spot: theirs('circles', ['family']),
    filter: { visibility: 'private' },
    matches: false,
  },
  {
    why: 'older addresses: visibility=public is what everyone sees',
    spot: mine('circles', ['club']),
    filter: { visibility: 'public' },
    matches: false,
  },
];

/**
 * "Due now" (`due=now`, ADR 0061), decided the same way by the server (in SQL, over what the viewer may see) and the
 * phone (the shared rule over the visits it is given). Each case is one spot and its visits; a visit is written as
 * today's month and day `years` earlier, moved by `days` (`dueCaseDate`), so the cases hold whatever the date.
 * Offsets of more than a few days are taken two years back, so that none falls into this year near the new year.
 */
export type DueCase = {
  why: string;
  /** The viewer's own spot, another forager's shared with the viewer's circle, or another's public spot. */
  spot: SharingCase['spot'];
  visits: Array<{ years: number; days: number; outcome: 'found' | 'nothing' }>;
  due: boolean;
};

const DAY_MS = 86_400_000;

/** A case's visit date for `today` (YYYY-MM-DD): today's month and day `years` earlier, moved by `days`. */
export function dueCaseDate(today: string, visit: { years: number; days: number }): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year - visit.years, month - 1, day) + visit.days * DAY_MS).toISOString().slice(0, 10);
}

const found = (years: number, days = 0) => ({ years, days, outcome: 'found' as const });
const nothing = (years: number, days = 0) => ({ years, days, outcome: 'nothing' as const });

export const DUE_CASES: DueCase[] = [
  { why: 'my spot that gave a year ago today', spot: mine('private'), visits: [found(1)], due: true },
  { why: 'a find 14 days before the date', spot: mine('private'), visits: [found(2, -14)], due: true },
  { why: 'a find 14 days after the date', spot: mine('private'), visits: [found(2, 14)], due: true },
  { why: 'not 15 days before', spot: mine('private'), visits: [found(2, -15)], due: false },
  { why: 'not 15 days after', spot: mine('private'), visits: [found(2, 15)], due: false },
  { why: 'not a "nothing" in season', spot: mine('private'), visits: [nothing(1), found(2, 60)], due: false },
  { why: 'not a find of this year', spot: mine('private'), visits: [found(0)], due: false },
  { why: 'not a spot never visited', spot: mine('private'), visits: [], due: false },
  {
    why: 'still due after a "nothing" today (it only ranks lower)',
    spot: mine('private'),
    visits: [found(3, 2), nothing(0)],
    due: true,
  },
  { why: 'my public spot', spot: mine('public'), visits: [found(2, 3)], due: true },
  { why: 'my spot shared with a circle', spot: mine('circles', ['family']), visits: [found(1, -3)], due: true },
  {
    why: 'another forager’s spot shared with my circle',
    spot: theirs('circles', ['family']),
    visits: [found(2, 5)],
    due: true,
  },
  {
    why: 'not another’s shared spot out of season',
    spot: theirs('circles', ['family']),
    visits: [found(2, 40)],
    due: false,
  },
  { why: 'never another forager’s public spot', spot: theirs('public'), visits: [found(1)], due: false },
];
