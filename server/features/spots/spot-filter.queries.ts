// The filter bar as SQL conditions, added to the privacy rule (spot-privacy.queries.ts) with `and` only.
import { sql, type SQL } from 'drizzle-orm';
import { circleMembers, spotCircles, spotPhotos } from '../../db/schema.ts';
import { searchTerms, type SpotFilter } from '../../../common/spot-filter.ts';
import { notHiddenFrom, visibleParts } from './spot-privacy.queries.ts';
import { dueNowCondition } from '../fruiting/fruiting.queries.ts';

/** Narrows what the viewer may see to their own spots, or to others' they may see; never widens it. */
const ownedBy = (viewerId: string, owner: 'mine' | 'others'): SQL =>
  owner === 'mine' ? visibleParts(viewerId).own : sql`l.user_id <> ${viewerId}`;

/** The spot is shared with at least one circle. */
const hasCircle = sql`exists (select 1 from ${spotCircles} lc where lc.location_id = l.id)`;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The filter bar's conditions (common/spot-filter.ts has the same rules for the phone). Each only narrows
 * what `visibleTo` allows. Species words are matched in `search_text`, folded by the same table, with LIKE,
 * which the trigram index answers.
 */
export function filterConditions(viewerId: string, filter: SpotFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.owner) conditions.push(ownedBy(viewerId, filter.owner));
  for (const term of searchTerms(filter.q)) conditions.push(sql`l.search_text like ${`%${escapeLike(term)}%`}`);
  if (filter.type) conditions.push(sql`l.type = ${filter.type}`);
  if (filter.from) conditions.push(sql`l.date_found >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`l.date_found <= ${filter.to}::date`);
  // `visibility` is the older filter: public, or one's own spots kept from everyone.
  if (filter.visibility)
    conditions.push(
      filter.visibility === 'public' ? sql`l.is_public` : sql`(l.user_id = ${viewerId} and not l.is_public)`,
    );
  if (filter.audience === 'public') conditions.push(sql`l.is_public`);
  if (filter.audience === 'circles') conditions.push(sql`(not l.is_public and ${hasCircle})`);
  if (filter.audience === 'private')
    conditions.push(sql`(l.user_id = ${viewerId} and not l.is_public and not ${hasCircle})`);
  if (filter.circle_id) {
    // Only a circle the viewer is in: a circle id of someone else's finds nothing, as one that does not exist.
    conditions.push(sql`exists (select 1 from ${spotCircles} lc join ${circleMembers} m on m.circle_id = lc.circle_id
      where lc.location_id = l.id and lc.circle_id = ${filter.circle_id} and m.user_id = ${viewerId})`);
  }
  if (filter.photo) {
    const hasPhoto = sql`exists (select 1 from ${spotPhotos} p where p.location_id = l.id
      and ${notHiddenFrom(viewerId, 'p')})`;
    conditions.push(filter.photo === 'with' ? hasPhoto : sql`not ${hasPhoto}`);
  }
  if (filter.visited === 'this_year') {
    conditions.push(sql`exists (select 1 from visits v where v.location_id = l.id and ${notHiddenFrom(viewerId, 'v')}
      and v.visited_on >= make_date(extract(year from now() at time zone 'UTC')::int, 1, 1))`);
  }
  // The due route's own rule (ADR 0061), with today as that route counts it: the UTC date of this process.
  if (filter.due === 'now') conditions.push(dueNowCondition(viewerId, new Date().toISOString().slice(0, 10)));
  return conditions;
}
