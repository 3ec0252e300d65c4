// Who sees a spot and how exactly (issue #20, ADR 0053), as a card and a map popup say it. Small, and on the main
// screen with the popups (its words too): what only the share dialog and the forms need is in sharing-choice.ts.
import type { TFunction } from '../../i18n/translator.ts';
import { shownName } from '../session/display-name.ts';
import type { Circle } from '../../../common/schemas/circles.ts';
import type { Audience, Precision, Spot } from '../../../common/schemas/spots.ts';

export type Sharing = { audience: Audience; circle_ids: string[]; precision: Precision };

/** An approximate spot's grid cell, as the server sends it to others: [min_lng, min_lat, max_lng, max_lat]. */
export type Area = [number, number, number, number];

type SharedFields = Pick<Spot, 'is_public'> & Partial<Pick<Spot, 'audience' | 'circle_ids' | 'precision'>>;

/**
 * A spot's sharing. A copy kept on the device by a Foray from before circles (or sent by a server from before
 * them) has `is_public` only: public, else private, and exact. `is_public` wins: it is what every server sends.
 */
export function sharingOf(spot: SharedFields): Sharing {
  const circleIds = spot.circle_ids ?? [];
  const audience: Audience = spot.is_public ? 'public' : circleIds.length > 0 ? 'circles' : 'private';
  return { audience, circle_ids: audience === 'circles' ? circleIds : [], precision: spot.precision ?? 'exact' };
}

/** The names of the circles with these ids that the forager is in, in their order, and how many are not known. */
export function circleNames(
  ids: readonly string[],
  circles: readonly Circle[] | undefined,
): {
  names: string[];
  unknown: number;
} {
  const byId = new Map((circles ?? []).map((circle) => [circle.id, circle.name]));
  const names = ids.flatMap((id) => {
    const name = byId.get(id);
    return name === undefined ? [] : [name];
  });
  return { names, unknown: ids.length - names.length };
}

/** The circles a spot is shared with, as a badge or a line says them: their names, or how many when unknown. */
export function circlesText(ids: readonly string[], circles: readonly Circle[] | undefined, t: TFunction): string {
  const { names, unknown } = circleNames(ids, circles);
  // Names the forager's list does not hold (not loaded yet, no signal): counted rather than left out.
  if (names.length === 0) return t('sharing.circleCount', { count: ids.length });
  // A plain comma list: names stand as the forager typed them, and read alike in both languages.
  const list = names.join(', ');
  return unknown > 0 ? `${list} +${unknown}` : list;
}

/** "approximate, about 1 km": what a card and a popup say of a spot another forager shared approximately. */
export function approximateText(precision: Precision, t: TFunction): string {
  return precision === '10km' ? t('sharing.approximate.10km') : t('sharing.approximate.1km');
}

/** The precision an approximate spot's area stands for, from the spot (or, for an older server, its size). */
export function areaPrecision(spot: Pick<Spot, 'precision'> & { area: Area }): Exclude<Precision, 'exact'> {
  if (spot.precision === '1km' || spot.precision === '10km') return spot.precision;
  // 0.009° of latitude is about 1 km (the server's grid, ADR 0053).
  return spot.area[3] - spot.area[1] > 0.05 ? '10km' : '1km';
}

/** Another forager's approximate spot: the square it is in, and its size; null for a spot shown where it is. */
export function areaOf(spot: Pick<Spot, 'precision'> & { area?: Area | null }): {
  bounds: Area;
  precision: Exclude<Precision, 'exact'>;
} | null {
  // A copy kept by a Foray from before circles has no `area` at all.
  return spot.area ? { bounds: spot.area, precision: areaPrecision({ ...spot, area: spot.area }) } : null;
}

/** A spot's badge: "Only me", its circles' names (for another's spot, those shared with me), or "Everyone". */
export function audienceBadge(spot: SharedFields, circles: readonly Circle[] | undefined, t: TFunction): string {
  const { audience, circle_ids: ids } = sharingOf(spot);
  if (audience === 'public') return t('sharing.public');
  return audience === 'circles' ? circlesText(ids, circles, t) : t('sharing.private');
}

/**
 * Who shared another forager's spot, and through which of my circles: "Shared by Ona · Family"; a forager with no
 * display name by a neutral word.
 */
export function sharedByText(
  spot: SharedFields & Pick<Spot, 'owner_name'>,
  circles: readonly Circle[] | undefined,
  t: TFunction,
): string {
  const { audience, circle_ids: ids } = sharingOf(spot);
  const owner = shownName(spot.owner_name, t);
  return audience === 'circles'
    ? t('sharing.sharedByIn', { owner, circles: circlesText(ids, circles, t) })
    : t('sharing.sharedBy', { owner });
}

/** "About 1 km for others" on one's own spot shared approximately; null when exact or seen by nobody else. */
export function othersSeeText(spot: SharedFields, t: TFunction): string | null {
  const { audience, precision } = sharingOf(spot);
  if (audience === 'private' || precision === 'exact') return null;
  return precision === '10km' ? t('sharing.othersSee.10km') : t('sharing.othersSee.1km');
}
