// Reports of content and the administrators' queue (ADR 0078). What may be reported is what everyone on the server can
// see: a public spot, a visit of one, a photo of one. The reporter is stored for the rule "once per item" and the
// hourly limit, and is answered by no route at all.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { reports } from '../../db/schema.ts';
import { PHOTO_URL_PREFIX, spotJson } from '../../db/spot-json.ts';
import {
  ADMIN_PHOTO_URL_PREFIX,
  REPORT_QUEUE_MAX,
  REPORTS_PER_HOUR_MAX,
  type AdminReport,
  type CreateReport,
  type Report,
  type ReportTargetType,
} from '../../../common/schemas/reports.ts';
import { AppError, notFound } from '../../errors.ts';
import { notHiddenFrom, visibleTo } from '../spots/spot-privacy.queries.ts';
import { visitJson } from '../visits/visits.queries.ts';

type Rows<Row> = { rows: Row[] };
// node-postgres parses json columns; PGlite may hand back text.
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const reportColumns = sql`r.id, r.target_type, r.target_id, r.reason, r.text, ${iso('r.created_at')} as created_at`;

/**
 * The owner of the item and whether it is public, when the reporter may see it at all (their own included); else
 * null — an item they may not see and one that does not exist are the same answer.
 */
async function reportable(
  db: Database,
  reporterId: string,
  type: ReportTargetType,
  id: string,
): Promise<{ owner: string; isPublic: boolean } | null> {
  const seen = visibleTo(reporterId);
  const query =
    type === 'spot'
      ? sql`select l.user_id as owner, l.is_public from locations l where l.id = ${id} and ${seen}`
      : type === 'visit'
        ? sql`select l.user_id as owner, l.is_public from visits v join locations l on l.id = v.location_id
            where v.id = ${id} and ${seen} and ${notHiddenFrom(reporterId, 'v')}`
        : sql`select l.user_id as owner, l.is_public from location_photos p join locations l on l.id = p.location_id
            where p.id = ${id} and ${seen} and ${notHiddenFrom(reporterId, 'p')}
          union all
          select l.user_id, l.is_public from visit_photos p join visits v on v.id = p.visit_id
            join locations l on l.id = v.location_id
            where p.id = ${id} and ${seen} and ${notHiddenFrom(reporterId, 'v')} and ${notHiddenFrom(reporterId, 'p')}`;
  const result = (await db.execute(query)) as unknown as Rows<{ owner: string; is_public: boolean }>;
  const [row] = result.rows;
  return row ? { owner: row.owner, isPublic: row.is_public } : null;
}

/**
 * Files a report: `created` false when this person had reported the item already (then the first report). 404 for
 * anything that is not public content the reporter can see, 400 OWN_CONTENT for their own, 429 past the hourly limit.
 * The count and the insert run under a lock of the reporter's, so servers on one database count together.
 */
export async function fileReport(
  db: Database,
  reporterId: string,
  input: CreateReport,
): Promise<{ report: Report; created: boolean }> {
  return db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('foray.reports'), hashtext(${reporterId}))`);
    const earlier = (await db.execute(sql`select ${reportColumns} from ${reports} r
      where r.reporter_id = ${reporterId} and r.target_type = ${input.target_type}
        and r.target_id = ${input.target_id}`)) as unknown as Rows<Report>;
    if (earlier.rows[0]) return { report: earlier.rows[0], created: false };
    const item = await reportable(db, reporterId, input.target_type, input.target_id);
    const what = input.target_type === 'spot' ? 'Location' : input.target_type === 'visit' ? 'Visit' : 'Photo';
    if (!item) throw notFound(what);
    if (item.owner === reporterId) {
      throw new AppError(400, 'OWN_CONTENT', 'You cannot report your own spot, visit or photo.');
    }
    if (!item.isPublic) throw notFound(what);
    const recent = (await db.execute(sql`select count(*)::int as n from ${reports}
      where reporter_id = ${reporterId} and created_at > now() - interval '1 hour'`)) as unknown as Rows<{ n: number }>;
    if (Number(recent.rows[0]!.n) >= REPORTS_PER_HOUR_MAX) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        `At most ${REPORTS_PER_HOUR_MAX} reports an hour. Please try again later.`,
      );
    }
    const inserted = (await db.execute(sql`
      insert into ${reports} as r (reporter_id, target_type, target_id, reason, text)
      values (${reporterId}, ${input.target_type}, ${input.target_id}, ${input.reason}, ${input.text || null})
      returning ${reportColumns}`)) as unknown as Rows<Report>;
    return { report: inserted.rows[0]!, created: true };
  });
}

/** Nobody's view: spotJson and visitJson for a viewer who owns nothing and is in no circle. */
const NOBODY = '';

/**
 * The reported content as everyone on the server may see it (ADR 0078), with its owner's display name; null when it
 * is gone or no longer public. Shown to administrators also while hidden or while its owner is disabled: that is
 * what they act on. Photo URLs are the administrators' own route (`ADMIN_PHOTO_URL_PREFIX`), which serves a reported
 * item's photos whether or not it is hidden; `r` is a reports row.
 */
const targetJson = sql`case r.target_type
  when 'spot' then (select json_build_object('owner_id', l.user_id, 'owner_name', u.name, 'spot', ${spotJson(NOBODY)},
      'hidden', l.hidden_reason is not null)
    from locations l join "user" u on u.id = l.user_id where l.id = r.target_id and l.is_public)
  when 'visit' then (select json_build_object('owner_id', l.user_id, 'owner_name', u.name, 'visit', ${visitJson(NOBODY)},
      'hidden', v.hidden_reason is not null)
    from visits v join locations l on l.id = v.location_id join "user" u on u.id = l.user_id
    where v.id = r.target_id and l.is_public)
  else coalesce(
    (select json_build_object('owner_id', l.user_id, 'owner_name', u.name, 'photo', json_build_object('id', p.id,
        'url', ${PHOTO_URL_PREFIX} || p.photo_key, 'thumbnail_url', ${PHOTO_URL_PREFIX} || p.thumbnail_key),
        'hidden', p.hidden_reason is not null)
      from location_photos p join locations l on l.id = p.location_id join "user" u on u.id = l.user_id
      where p.id = r.target_id and l.is_public),
    (select json_build_object('owner_id', l.user_id, 'owner_name', u.name, 'photo', json_build_object('id', p.id,
        'url', ${PHOTO_URL_PREFIX} || p.photo_key, 'thumbnail_url', ${PHOTO_URL_PREFIX} || p.thumbnail_key),
        'hidden', p.hidden_reason is not null)
      from visit_photos p join visits v on v.id = p.visit_id join locations l on l.id = v.location_id
      join "user" u on u.id = l.user_id
      where p.id = r.target_id and l.is_public))
  end`;

type QueueRow = Omit<AdminReport, 'target'> & { target: AdminReport['target'] | string };

const asQueueItem = (row: QueueRow): AdminReport => {
  const target = row.target === null ? null : parsed(row.target);
  return { ...row, target: target && adminPhotoUrls(target) };
};

/** The queue's photos point at the administrators' photo route, which also serves them while hidden. */
function adminPhotoUrls(target: NonNullable<AdminReport['target']>): NonNullable<AdminReport['target']> {
  const json = JSON.stringify(target).replaceAll(`"${PHOTO_URL_PREFIX}`, `"${ADMIN_PHOTO_URL_PREFIX}`);
  return JSON.parse(json) as NonNullable<AdminReport['target']>;
}

/** The queue: reports with this status, newest first, each with what was reported. */
export async function reportQueue(db: Database, status: 'open' | 'closed'): Promise<AdminReport[]> {
  const result = (await db.execute(sql`
    select ${reportColumns}, r.status, ${targetJson} as target
    from ${reports} r where r.status = ${status}
    order by r.created_at desc, r.id desc limit ${REPORT_QUEUE_MAX}`)) as unknown as Rows<QueueRow>;
  return result.rows.map(asQueueItem);
}

export async function queueItem(db: Database, id: string): Promise<AdminReport | null> {
  const result = (await db.execute(sql`
    select ${reportColumns}, r.status, ${targetJson} as target
    from ${reports} r where r.id = ${id}`)) as unknown as Rows<QueueRow>;
  const [row] = result.rows;
  return row ? asQueueItem(row) : null;
}

/**
 * Hides the reported item with the report's reason (an item hidden already keeps its first reason) and closes every
 * open report of it. Content gone or no longer public is left as it is; its reports are closed all the same.
 */
export async function hideReported(db: Database, reportId: string): Promise<boolean> {
  const result = (await db.execute(sql`select target_type, target_id, reason from ${reports} where id = ${reportId}
    for update`)) as unknown as Rows<{ target_type: ReportTargetType; target_id: string; reason: string }>;
  const [report] = result.rows;
  if (!report) return false;
  const { target_type: type, target_id: id, reason } = report;
  if (type === 'photo') {
    await db.execute(sql`update location_photos p set hidden_reason = ${reason} from locations l
      where p.id = ${id} and l.id = p.location_id and l.is_public and p.hidden_reason is null`);
    await db.execute(sql`update visit_photos p set hidden_reason = ${reason} from visits v, locations l
      where p.id = ${id} and v.id = p.visit_id and l.id = v.location_id and l.is_public and p.hidden_reason is null`);
  } else if (type === 'visit') {
    await db.execute(sql`update visits v set hidden_reason = ${reason} from locations l
      where v.id = ${id} and l.id = v.location_id and l.is_public and v.hidden_reason is null`);
  } else {
    await db.execute(sql`update locations set hidden_reason = ${reason}
      where id = ${id} and is_public and hidden_reason is null`);
  }
  await db.execute(sql`update ${reports} set status = 'closed', closed_at = now()
    where target_type = ${type} and target_id = ${id} and status = 'open'`);
  return true;
}

/** Closes one report and changes nothing of the content. */
export async function dismissReport(db: Database, reportId: string): Promise<boolean> {
  const result = (await db.execute(sql`update ${reports}
    set status = 'closed', closed_at = coalesce(closed_at, now()) where id = ${reportId}
    returning id`)) as unknown as Rows<{ id: string }>;
  return result.rows.length > 0;
}

/** Shows a hidden item again; false when there is no such hidden item. */
export async function showAgain(db: Database, type: ReportTargetType, id: string): Promise<boolean> {
  const statements =
    type === 'spot'
      ? [sql`update locations set hidden_reason = null where id = ${id} and hidden_reason is not null returning id`]
      : type === 'visit'
        ? [sql`update visits set hidden_reason = null where id = ${id} and hidden_reason is not null returning id`]
        : [
            sql`update location_photos set hidden_reason = null where id = ${id} and hidden_reason is not null
              returning id`,
            sql`update visit_photos set hidden_reason = null where id = ${id} and hidden_reason is not null returning id`,
          ];
  let shown = 0;
  for (const statement of statements) {
    shown += ((await db.execute(statement)) as unknown as Rows<unknown>).rows.length;
  }
  return shown > 0;
}

/**
 * Whether an administrator may be served this photo file: a photo of reported public content — the reported photo,
 * or a photo of a reported spot or visit that is not itself hidden — whether the content is hidden now or not.
 */
export async function isReportedPhoto(db: Database, key: string): Promise<boolean> {
  const result = (await db.execute(sql`
    select 1 from location_photos p join locations l on l.id = p.location_id
    where (p.photo_key = ${key} or p.thumbnail_key = ${key}) and l.is_public and exists (
      select 1 from ${reports} r where (r.target_type = 'photo' and r.target_id = p.id)
        or (r.target_type = 'spot' and r.target_id = l.id and p.hidden_reason is null))
    union all
    select 1 from visit_photos p join visits v on v.id = p.visit_id join locations l on l.id = v.location_id
    where (p.photo_key = ${key} or p.thumbnail_key = ${key}) and l.is_public and exists (
      select 1 from ${reports} r where (r.target_type = 'photo' and r.target_id = p.id)
        or (r.target_type = 'visit' and r.target_id = v.id and p.hidden_reason is null))
    limit 1`)) as unknown as Rows<unknown>;
  return result.rows.length > 0;
}
