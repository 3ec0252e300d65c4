// What the forager chooses when sharing a spot (issue #20, ADR 0053): what an edit sends for it, the sentence that
// says who will see it, and the size of an approximate spot's square. For the share dialog and the forms, which
// load later: the map's popups need only client/domain/sharing/sharing.ts.
import type { TFunction } from '../../i18n/translator.ts';
import type { Me } from '../../../common/schemas/config.ts';
import type { Precision } from '../../../common/schemas/spots.ts';
import type { SpotPatch } from '../spots/spot-types.ts';
import type { Sharing } from './sharing.ts';

/** The size of an approximate spot's square, in the words of both languages ("1 km"). */
export const SQUARE_SIZE: Record<Exclude<Precision, 'exact'>, string> = { '1km': '1 km', '10km': '10 km' };

/**
 * The sharing a new spot starts with, as the account page set it (ADR 0056). A user kept on the device by an older
 * version has `default_public` only.
 */
export function defaultSharing(
  me: Pick<Me, 'default_public' | 'default_audience' | 'default_circle_ids' | 'default_precision'>,
): Sharing {
  const audience = me.default_audience ?? (me.default_public ? 'public' : 'private');
  return {
    audience,
    circle_ids: audience === 'circles' ? (me.default_circle_ids ?? []) : [],
    precision: me.default_precision ?? 'exact',
  };
}

/** What the forager chose, as the fields a create sends: `is_public` agrees with `audience` (older servers read it). */
export function sharingFields(
  choice: Sharing,
): Required<Pick<SpotPatch, 'audience' | 'circle_ids' | 'precision' | 'is_public'>> {
  return {
    audience: choice.audience,
    // Only a circles audience has circles: the others send none, so what waits on the device shows none either.
    circle_ids: choice.audience === 'circles' ? choice.circle_ids : [],
    is_public: choice.audience === 'public',
    precision: choice.precision,
  };
}

/**
 * What an edit sends for a new choice: nothing when nothing changed; the audience with its circles (and
 * `is_public`, agreeing) when either changed; the precision when it changed. "Only me" keeps the precision as it
 * was: it matters again once the spot is shared.
 */
export function sharingPatch(before: Sharing, after: Sharing): SpotPatch {
  const patch: SpotPatch = {};
  const fields = sharingFields(after);
  const sameCircles =
    before.circle_ids.length === fields.circle_ids.length &&
    [...before.circle_ids].sort().join() === [...fields.circle_ids].sort().join();
  if (before.audience !== after.audience || !sameCircles) {
    patch.audience = fields.audience;
    patch.circle_ids = fields.circle_ids;
    patch.is_public = fields.is_public;
  }
  if (after.audience !== 'private' && before.precision !== after.precision) patch.precision = after.precision;
  return patch;
}

/** "“Family” and “Vilnius club”" in English, "„Šeima“ ir „Vilniaus klubas“" in Lithuanian. */
export function listOfNames(names: string[], t: TFunction, language: string): string {
  const quoted = names.map((name) => t('sharing.quotedName', { name }));
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(quoted);
}

/**
 * Who will see a spot, as the start of a sentence: "Everyone signed in to this Foray", "Members of “Family” and
 * “Vilnius club”". `names` are the chosen circles' names; `unknown`, chosen circles whose names are not known.
 */
export function whoText(
  audience: Exclude<Sharing['audience'], 'private'>,
  circles: { names: string[]; unknown: number },
  t: TFunction,
  language: string,
): string {
  if (audience === 'public') return t('sharing.who.public');
  if (circles.unknown > 0 || circles.names.length === 0)
    return t('sharing.who.someCircles', { count: circles.names.length + circles.unknown });
  if (circles.names.length === 1)
    return t('sharing.who.circle', { name: t('sharing.quotedName', { name: circles.names[0]! }) });
  return t('sharing.who.circles', { names: listOfNames(circles.names, t, language) });
}

/**
 * The sentence that says who will see a spot and how: "Members of “Family” and “Vilnius club” will see it
 * within about 1 km."
 */
export function whoSeesText(
  choice: Pick<Sharing, 'audience' | 'precision'>,
  circles: { names: string[]; unknown: number },
  t: TFunction,
  language: string,
): string {
  if (choice.audience === 'private') return t('sharing.seesPrivate');
  const who = whoText(choice.audience, circles, t, language);
  const how =
    choice.precision === '1km'
      ? t('sharing.how.1km')
      : choice.precision === '10km'
        ? t('sharing.how.10km')
        : t('sharing.how.exact');
  return t('sharing.sees', { who, how });
}

/** Degrees of latitude in a square of the server's grid (ADR 0053): 0.009° ≈ 1 km, 0.09° ≈ 10 km. */
const SQUARE_DEGREES: Record<Exclude<Precision, 'exact'>, number> = { '1km': 0.009, '10km': 0.09 };

/**
 * A square of the size others would see, centred on the spot: an indication of the size only. The server puts
 * the spot in a fixed grid square that holds it (not necessarily in its middle) and shows one point in it.
 * [[south, west], [north, east]].
 */
export function indicativeSquare(
  latitude: number,
  longitude: number,
  precision: Exclude<Precision, 'exact'>,
): [[number, number], [number, number]] {
  const height = SQUARE_DEGREES[precision];
  const width = Math.min(360, height / Math.max(Math.cos((latitude * Math.PI) / 180), 0.001));
  const south = Math.max(-90, latitude - height / 2);
  const north = Math.min(90, latitude + height / 2);
  return [
    [south, Math.max(-180, longitude - width / 2)],
    [north, Math.min(180, longitude + width / 2)],
  ];
}

const COARSENESS: Record<Precision, number> = { exact: 0, '1km': 1, '10km': 2 };

/**
 * Whether a new choice shows the spot to fewer people, or less exactly, than before: then what others have already
 * seen stays with them (ADR 0053), and the dialog says so.
 */
export function narrows(before: Sharing, after: Sharing): boolean {
  if (before.audience === 'private') return false;
  if (after.audience === 'private') return true;
  if (before.audience === 'public' && after.audience === 'circles') return true;
  if (before.audience === 'circles' && after.audience === 'circles') {
    if (before.circle_ids.some((id) => !after.circle_ids.includes(id))) return true;
  }
  return COARSENESS[after.precision] > COARSENESS[before.precision];
}
