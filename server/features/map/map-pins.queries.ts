// The pins of the spots' map (ADR 0065): what the box route reads, with the same privacy rule, box and filter, but
// each spot only as its pin. Built as JSON inside PostgreSQL, as the spots are (db/spot-json.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { spots } from '../../db/schema.ts';
import { versionFor } from '../../db/spot-json.ts';
import type { BBox } from '../../../common/schemas/spots.ts';
import type { SpotFilter } from '../../../common/spot-filter.ts';
import { filterConditions } from '../spots/spot-filter.queries.ts';
import { placedInBox, shownPosition, visibleTo } from '../spots/spot-privacy.queries.ts';

/**
 * A spot as the pin the viewer may see (common/schemas/map-pins.ts): someone else's approximate spot at its shown
 * point, with its cell, no accuracy and its shown version, as spotJson gives it; the position to 6 decimals, as
 * `pinOf` rounds it. `l` is a locations row.
 */
const pinJson = (viewerId: string): SQL => {
  const { lat, lng, accuracyM, area } = shownPosition(viewerId);
  return sql`json_build_object(
  'id', l.id,
  'type', l.type,
  'mushroom_types', l.mushroom_types,
  'latitude', round(${lat}::numeric, 6)::float8,
  'longitude', round(${lng}::numeric, 6)::float8,
  'accuracy_m', ${accuracyM},
  'precision', l.precision,
  'area', ${area},
  'is_owner', l.user_id = ${viewerId},
  'version', ${versionFor(viewerId)})`;
};

/**
 * Up to `limit` pins of the box, newest first (when the box holds more, the newest are the ones drawn, as on the box
 * route), as the JSON text of `items`, and whether there were more.
 */
export async function pinsInBox(
  db: Database,
  viewerId: string,
  box: BBox,
  options: { limit: number; filter: SpotFilter },
): Promise<{ itemsJson: string; truncated: boolean }> {
  const conditions = [visibleTo(viewerId), placedInBox(viewerId, box), ...filterConditions(viewerId, options.filter)];
  const result = await db.execute(sql`
    with page as (
      select ${pinJson(viewerId)} as item,
             row_number() over (order by l.created_at desc nulls last, l.id desc nulls last) as n
      from ${spots} l
      where ${sql.join(conditions, sql` and `)}
      order by l.created_at desc nulls last, l.id desc nulls last
      limit ${options.limit + 1}
    )
    select coalesce(json_agg(item order by n) filter (where n <= ${options.limit}), '[]')::text as items,
           count(*) > ${options.limit} as truncated
    from page`);
  const [row] = (result as unknown as { rows: Array<{ items: string; truncated: boolean }> }).rows;
  return { itemsJson: row?.items ?? '[]', truncated: row?.truncated === true };
}
