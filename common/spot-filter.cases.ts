// The species-text cases the server (locations search API test) and the phone (spot-filter.test.ts) must
// both decide the same way: one list, so the two sides cannot drift apart.

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
