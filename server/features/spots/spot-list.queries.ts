// The list of spots a viewer may see, newest first, a page at a time (GET /api/v1/locations, the export): the
// privacy rule whole within a map box, or read part by part along the ordered indexes without one.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { spots, user } from '../../db/schema.ts';
import type { BBox } from '../../../common/schemas/spots.ts';
import type { SpotFilter } from '../../../common/spot-filter.ts';
import { isoCreated, spotJson } from '../../db/spot-json.ts';
import { filterConditions } from './spot-filter.queries.ts';
import { placedInBox, visibleParts, visibleTo } from './spot-privacy.queries.ts';

export type Cursor = { createdAt: string; id: string };

const encodeCursor = (raw: string) => Buffer.from(raw).toString('base64url');

/**
 * Exactly what `listSpots` writes: `isoCreated`, a bar, a uuid. Anything looser reaches `::timestamptz`,
 * which refuses much that Date.parse accepts ("1", "2025", "-1") with a 500.
 */
const CURSOR_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A cursor from the client, or null when it is not one we wrote. */
export function decodeCursor(cursor: string): Cursor | null {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return null;
  const [, createdAt, id] = match as unknown as [string, string, string];
  // A real instant, written back exactly as given (no 2026-02-30T25:61…), and in an era Foray has rows from:
  // JavaScript knows a year 0 that PostgreSQL refuses.
  const parsed = new Date(createdAt);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString() !== createdAt || parsed.getUTCFullYear() < 1900)
    return null;
  return { createdAt, id };
}

/**
 * Newest first, written as the two ordered indexes are (DESC NULLS LAST): PostgreSQL only reads an index in
 * order for an ORDER BY that matches it to the letter, and plain DESC means NULLS FIRST, though these
 * columns are never null.
 */
const NEWEST_FIRST = sql.raw('l.created_at desc nulls last, l.id desc nulls last');

/** One page of what the viewer may see, newest first, as the JSON text of `items` plus the next cursor. */
export async function listSpots(
  db: Database,
  viewerId: string,
  options: { limit: number; cursor: Cursor | null; bbox: BBox | undefined; filter?: SpotFilter },
): Promise<{ itemsJson: string; nextCursor: string | null }> {
  const filter = options.filter ?? {};
  const conditions: SQL[] = filterConditions(viewerId, filter);
  if (options.cursor) {
    conditions.push(sql`(l.created_at, l.id) < (${options.cursor.createdAt}::timestamptz, ${options.cursor.id}::uuid)`);
  }
  // One more row than asked tells whether there is a next page.
  const take = options.limit + 1;
  const summary = sql`
    select coalesce(json_agg(item order by n) filter (where n <= ${options.limit}), '[]')::text as items,
           (array_agg(cursor order by n desc) filter (where n <= ${options.limit}))[1] as last_cursor,
           count(*) > ${options.limit} as has_more
    from page`;
  let result: unknown;
  if (options.bbox) {
    const inBox = placedInBox(viewerId, options.bbox);
    result = await db.execute(sql`
      with page as (
        select ${spotJson(viewerId)} as item, ${isoCreated} || '|' || l.id as cursor,
               row_number() over (order by ${NEWEST_FIRST}) as n
        from ${spots} l join ${user} u on u.id = l.user_id
        where ${sql.join([visibleTo(viewerId), inBox, ...conditions], sql` and `)}
        order by ${NEWEST_FIRST}
        limit ${take}
      )
      ${summary}`);
  } else {
    // The list: the privacy rule whole, as one condition, would defeat the ordered indexes and read the whole
    // table for every page. Instead its parts — the caller's own spots, others' public ones, and others' shared with
    // the caller's circles — are read one by one (the first two as ordered index scans, locations_owner_recent_idx and
    // locations_public_recent_idx), each stopping after one page, and merged. The parts never overlap.
    const { own, othersPublic, sharedWithViewer } = visibleParts(viewerId);
    const branches: SQL[] = [];
    if (filter.owner !== 'others') branches.push(own);
    if (
      filter.owner !== 'mine' &&
      filter.visibility !== 'private' &&
      filter.audience !== 'private' &&
      filter.audience !== 'circles' &&
      // Others' public spots are never due for the viewer (ADR 0059).
      filter.due !== 'now'
    )
      branches.push(othersPublic);
    if (filter.owner !== 'mine' && !filter.visibility && filter.audience !== 'private' && filter.audience !== 'public')
      branches.push(sharedWithViewer);
    if (branches.length === 0) return { itemsJson: '[]', nextCursor: null };
    const chosen = sql.join(
      branches.map(
        (
          branch,
        ) => sql`(select l.id, l.created_at from ${spots} l where ${sql.join([branch, ...conditions], sql` and `)}
          order by ${NEWEST_FIRST} limit ${take})`,
      ),
      sql` union all `,
    );
    result = await db.execute(sql`
      with chosen as (${chosen}),
      -- The page's rows first; each spot's JSON (photos, visit summary) is only built for those.
      top as (
        select c.id, row_number() over (order by c.created_at desc nulls last, c.id desc nulls last) as n from chosen c
        order by n limit ${take}
      ),
      page as (
        select ${spotJson(viewerId)} as item, ${isoCreated} || '|' || l.id as cursor, t.n
        from top t join ${spots} l on l.id = t.id join ${user} u on u.id = l.user_id
      )
      ${summary}`);
  }
  const [row] = (result as unknown as { rows: Array<{ items: string; last_cursor: string | null; has_more: boolean }> })
    .rows;
  return {
    itemsJson: row?.items ?? '[]',
    nextCursor: row?.has_more && row.last_cursor ? encodeCursor(row.last_cursor) : null,
  };
}
