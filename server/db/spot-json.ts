// The one place a row becomes the API's Spot (common/schemas/spots.ts), written in SQL so every read — a page of
// the list, the map's box, one spot — builds its answer inside PostgreSQL.
import { sql, type SQL } from 'drizzle-orm';
import { SPOT_FIELD_LIST, type CustomJsonFieldName } from '../../common/spot-fields.ts';
import { circleMembers, spotCircles, spotPhotos, spots } from './schema.ts';
import { shownPosition } from '../features/spots/spot-privacy.queries.ts';

/** Where a photo is served: this, then its storage key (photos/photos.routes.ts). */
export const PHOTO_URL_PREFIX = '/api/v1/photos/';

/** Millisecond ISO 8601 in UTC, exactly as JavaScript's Date.toISOString() writes it. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** When the spot was made, as `iso` writes it; `l` is a locations row. */
export const isoCreated = sql.raw(iso('l.created_at'));

/**
 * The spot's version as this viewer is given it (ADR 0070): the owner's own, which every change moves and an edit
 * names; anyone else's is the shown version, which moves only when something they are shown changes — a move inside
 * an approximate spot's cell does not tell them the true position moved. The device check compares it too.
 */
export const versionFor = (viewerId: string) =>
  sql`(case when l.user_id = ${viewerId} then l.version else l.shown_version end)`;

/** When the spot last changed, as this viewer is given it: as `versionFor`, the owner's own or the shown one. */
const updatedFor = (viewerId: string) =>
  sql`(case when l.user_id = ${viewerId} then ${sql.raw(iso('l.updated_at'))} else ${sql.raw(iso('l.shown_updated_at'))} end)`;

/**
 * The visit summary every Spot carries (ADR 0022), as an expression on the alias `l` inside the same read
 * query — never a query per spot. The `exists` probe (one look into visits_location_recent_idx) skips the
 * aggregate for the many spots nobody has returned to, which was measured faster than a lateral join with the
 * aggregate on every row. It is only computed for rows the read query already let through `visibleTo`, so it
 * shows nothing of a spot one may not see.
 */
const visitSummaryJson = (viewerId: string) => {
  // A visit an administrator hid is its owner's alone (ADR 0078).
  const shown = sql`(v.hidden_reason is null or l.user_id = ${viewerId})`;
  return sql`case when exists (select 1 from visits v where v.location_id = l.id and ${shown})
    then (select json_build_object(
                   'count', count(*)::int,
                   'last', (array_agg(json_build_object('date', v.visited_on, 'outcome', v.outcome)
                                      order by v.visited_on desc, v.created_at desc, v.id desc))[1])
          from visits v where v.location_id = l.id and ${shown})
    else json_build_object('count', 0, 'last', null) end`;
};

/** The fields the API's JSON does not give as the column is: someone else's approximate spot, who sees it. */
const customJson = (viewerId: string) =>
  ({
    latitude: shownPosition(viewerId).lat,
    longitude: shownPosition(viewerId).lng,
    accuracy_m: shownPosition(viewerId).accuracyM,
    audience: sql`case when l.is_public then 'public' when sh.all_ids is not null then 'circles' else 'private' end`,
    circle_ids: sql`coalesce(case when l.user_id = ${viewerId} then sh.all_ids else sh.viewer_ids end, '[]'::json)`,
  }) satisfies Record<CustomJsonFieldName, SQL>;

/** Every field of the list (common/spot-fields.ts), in its order, as `json_build_object`'s name, value pairs. */
const spotFieldsJson = (viewerId: string) => {
  const custom: Record<string, SQL> = customJson(viewerId);
  const columns = spots as unknown as Record<string, { name: string }>;
  return sql.join(
    SPOT_FIELD_LIST.map((field) => {
      const value = field.json === 'plain' ? sql.raw(`l.${columns[field.column]!.name}`) : custom[field.name]!;
      return sql`${sql.raw(`'${field.name}'`)}, ${value}`;
    }),
    sql`,\n  `,
  );
};

/**
 * A spot as the API's JSON, built inside PostgreSQL, as this viewer may see it (ADR 0053): someone else's approximate
 * spot has its shown point, its grid cell as `area` and no accuracy — its true position is in no answer — its shown
 * version and last change, and lists only the circles the viewer shares with it. Built in SQL: faster than mapping rows in Node on PGlite, and a page
 * of thousands of spots skips serialization. `l` is a locations row, `u` its owner. The photos come from one
 * correlated subquery per spot, answered by the (location_id, position) index inside the same statement — no
 * query per spot from Node — and, being a subquery in the select list, PostgreSQL runs it only for the rows that
 * survive the page's limit.
 */
const spotObject = (viewerId: string) => sql`(select json_build_object(
  'id', l.id,
  ${spotFieldsJson(viewerId)},
  'area', ${shownPosition(viewerId).area},
  'photo_url', ph.photos -> 0 ->> 'url',
  'thumbnail_url', ph.photos -> 0 ->> 'thumbnail_url',
  'photos', coalesce(ph.photos, '[]'::json),
  'created_at', ${isoCreated},
  'updated_at', ${updatedFor(viewerId)},
  'version', ${versionFor(viewerId)},
  'is_owner', l.user_id = ${viewerId},
  'owner_name', u.name,
  'visits', ${visitSummaryJson(viewerId)})
  from (select json_agg(${photoJson(viewerId)} order by p.position, p.created_at, p.id) as photos
        from ${spotPhotos} p where p.location_id = l.id and (p.hidden_reason is null or l.user_id = ${viewerId})) ph,
       (select json_agg(lc.circle_id order by lc.circle_id) as all_ids,
               json_agg(lc.circle_id order by lc.circle_id) filter (where exists (
                 select 1 from ${circleMembers} m where m.circle_id = lc.circle_id and m.user_id = ${viewerId})) as viewer_ids
        from ${spotCircles} lc where lc.location_id = l.id) sh)`;

/**
 * A spot as the API's JSON (`spotObject`), and on the owner's own spot that an administrator hid, `hidden: {reason}`
 * (ADR 0078); every other spot has no such key.
 */
export const spotJson = (viewerId: string) => sql`(case when l.hidden_reason is not null and l.user_id = ${viewerId}
  then (${spotObject(viewerId)}::jsonb || jsonb_build_object('hidden', json_build_object('reason', l.hidden_reason)))::json
  else ${spotObject(viewerId)} end)`;

/**
 * One photo of a spot or a visit as the API's JSON (`p` a location_photos or visit_photos row, `l` its spot); the
 * owner's own hidden photo carries `hidden: {reason}` (ADR 0078). Callers leave hidden photos out for anyone else.
 */
export const photoJson = (viewerId: string) => sql`case when p.hidden_reason is not null and l.user_id = ${viewerId}
  then json_build_object('id', p.id, 'url', ${PHOTO_URL_PREFIX} || p.photo_key,
    'thumbnail_url', ${PHOTO_URL_PREFIX} || p.thumbnail_key, 'hidden', json_build_object('reason', p.hidden_reason))
  else json_build_object('id', p.id, 'url', ${PHOTO_URL_PREFIX} || p.photo_key,
    'thumbnail_url', ${PHOTO_URL_PREFIX} || p.thumbnail_key) end`;
