// Who may see which spot, as SQL: the privacy rule that every read of spots is built on (docs/architecture.md,
// "Privacy in one place"), and where a spot stands for a viewer: the position it is shown at and the box it is in.
import { sql, type SQL } from 'drizzle-orm';
import { circleMembers, spotCircles } from '../../db/schema.ts';
import type { BBox } from '../../../common/schemas/spots.ts';

/**
 * Privacy in one rule (ADR 0053): a viewer sees their own spots, everyone's public ones, and others' spots shared
 * with a circle the viewer is in — nothing else. The three parts never overlap, so a read may take them one at a
 * time (the list does: each part is then one ordered scan). Written against the alias `l` that every read query
 * gives the locations table. A withheld spot (hidden by an administrator, or its owner disabled: ADR 0078) is in
 * the owner's part only, as if shared with nobody.
 */
export function visibleParts(viewerId: string): { own: SQL; othersPublic: SQL; sharedWithViewer: SQL } {
  return {
    own: sql`l.user_id = ${viewerId}`,
    othersPublic: sql`(l.is_public and not l.withheld and l.user_id <> ${viewerId})`,
    sharedWithViewer: sql`(not l.is_public and not l.withheld and l.user_id <> ${viewerId} and l.id in (${spotsSharedWith(viewerId)}))`,
  };
}

/**
 * A visit or photo of a spot the viewer may see, as the viewer may see it (ADR 0078): one an administrator hid is
 * its owner's alone. `alias` is the visits, location_photos or visit_photos row; `l` its spot.
 */
export const notHiddenFrom = (viewerId: string, alias: 'v' | 'p') =>
  sql`(${sql.raw(alias)}.hidden_reason is null or l.user_id = ${viewerId})`;

/** The ids of spots shared with any circle the viewer is in (their own among them). */
export const spotsSharedWith = (viewerId: string) => sql`select lc.location_id from ${spotCircles} lc
  join ${circleMembers} m on m.circle_id = lc.circle_id where m.user_id = ${viewerId}`;

/** The rule whole, part of every read query: list, bbox, tiles, by id, photos, visits, export. */
export function visibleTo(viewerId: string): SQL {
  const { own, othersPublic, sharedWithViewer } = visibleParts(viewerId);
  return sql`(${own} or ${othersPublic} or ${sharedWithViewer})`;
}

/**
 * Where everyone but its owner is shown the spot `l`: its shown point, for reads that keep only others' spots
 * (`l.user_id <> viewer`), such as the correction of a spot two of the viewer's circles both count.
 */
export const othersPosition: { lat: SQL; lng: SQL } = { lat: sql`l.shown_latitude`, lng: sql`l.shown_longitude` };

/**
 * Where the viewer is shown the spot `l` (ADR 0053), the one place a read says it: their own at its true position
 * and accuracy, anyone else's at its shown point — the true position when the spot is exact, else one point of its
 * grid cell (migration 0015) — with its cell as `area` and no accuracy unless it is exact. Every read that answers a
 * position or counts spots by one takes it from here; `shown-position.test.ts` fails on any other read of
 * the locations table's position columns.
 */
export function shownPosition(viewerId: string): { lat: SQL; lng: SQL; accuracyM: SQL; area: SQL } {
  return {
    lat: sql`(case when l.user_id = ${viewerId} then l.latitude else l.shown_latitude end)`,
    lng: sql`(case when l.user_id = ${viewerId} then l.longitude else l.shown_longitude end)`,
    accuracyM: sql`case when l.user_id = ${viewerId} or l.precision = 'exact' then l.accuracy_m end`,
    area: sql`case when l.user_id <> ${viewerId} and l.precision <> 'exact'
    then to_json(foray_approximate_area(${othersPosition.lat}, ${othersPosition.lng}, l.precision)) end`,
  };
}

/**
 * Inside `area` (an SQL box) as the viewer sees the spot: their own at its true position, anyone else's at its shown
 * point, so a small box around an approximate spot's true position finds nothing (ADR 0053). Both halves use a GiST
 * index.
 */
export const placedIn = (viewerId: string, area: SQL): SQL =>
  sql`((l.user_id = ${viewerId} and l.position <@ ${area}) or (l.user_id <> ${viewerId} and l.shown_position <@ ${area}))`;

/** Inside `area` where everyone but its owner sees the spot, for reads that keep only others' spots (`othersPosition`). */
export const othersPlacedIn = (area: SQL): SQL => sql`l.shown_position <@ ${area}`;

/** Inside a box as the viewer sees the spot (`placedIn`). */
export function placedInBox(viewerId: string, box: BBox): SQL {
  const { minLng, minLat, maxLng, maxLat } = box;
  return placedIn(
    viewerId,
    sql`box(point(${minLng}::float8, ${minLat}::float8), point(${maxLng}::float8, ${maxLat}::float8))`,
  );
}
