import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  point,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { ACCURACY_MAX_M } from '../../common/limits.ts';
import { FOLD_FROM, FOLD_TO } from '../../common/spot-filter.ts';
import { AccountRoleSchema, AccountStatusSchema } from '../../common/schemas/admin-users.ts';
import { SignupPolicySchema } from '../../common/schemas/admin-settings.ts';
import { CircleRoleSchema } from '../../common/schemas/circles.ts';
import { ReportReasonSchema } from '../../common/schemas/hidden.ts';
import { ReportTargetTypeSchema } from '../../common/schemas/reports.ts';
import { PrecisionSchema, SpotTypeSchema, VisitOutcomeSchema } from '../../common/schemas/spots.ts';
import { VisitAmountSchema } from '../../common/schemas/visits.ts';

/** A PostgreSQL string literal, for the few generated-column expressions built from shared constants. */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The values of one of the contract's enums (common/schemas), as a text column's `enum` takes them. */
const valuesOf = <Value extends string>(schema: { options: readonly Value[] }) =>
  schema.options as unknown as [Value, ...Value[]];

/** The same values as a check's `in (…)` list of PostgreSQL literals. */
const oneOf = (schema: { options: readonly string[] }) => sql.raw(schema.options.map(literal).join(', '));

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// ── Accounts: the tables better-auth reads and writes (its field names, our column names) ──

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    /**
     * The display name others see, as the forager chose it; null until they choose one (ADR 0072). Never made from
     * the e-mail address.
     */
    name: text('name'),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** better-auth's two-factor plugin: whether sign-in asks for a code after the password (issue #11). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * Foray's own: the sharing a new spot starts with, chosen on the account page — everyone, or else the circles in
     * user_default_circles (none: only the user) — and how exactly others see it (ADR 0056).
     */
    defaultPublic: boolean('default_public').notNull().default(false),
    defaultPrecision: text('default_precision', { enum: valuesOf(PrecisionSchema) })
      .notNull()
      .default('exact'),
    /**
     * Foray's own: `admin` runs the server (people, sign-up, reports) and is no key to anyone's spots (ADR 0077). At
     * least one administrator remains once there is one (a trigger, migration 0025).
     */
    role: text('role', { enum: valuesOf(AccountRoleSchema) })
      .notNull()
      .default('user'),
    /**
     * `pending`: signed up on a server whose policy is approval, not yet approved (cannot sign in); `disabled`: stopped
     * by an administrator: no session works and nothing of theirs is shown to anyone else, until enabled (ADR 0077).
     */
    status: text('status', { enum: valuesOf(AccountStatusSchema) })
      .notNull()
      .default('active'),
    /** The photo quota of this account in MB set by an administrator; null: the server's default. */
    photoQuotaMb: integer('photo_quota_mb'),
    /** The bytes of this account's stored photos (spots', visits'), kept as photos are added and removed. */
    photoBytes: bigint('photo_bytes', { mode: 'number' }).notNull().default(0),
    /** When a session of this account was last used (at most once an hour is written). */
    lastActiveAt: timestamptz('last_active_at'),
    /** The app's language at sign-up (`en` | `lt`): the language of mails about the account; null: both (ADR 0079). */
    language: text('language'),
    /**
     * Signs this account's device cookies with its e-mail (features/auth/device-cookie.ts): disabling the account
     * raises it, so no browser stays one the account knows (ADR 0082).
     */
    deviceEpoch: integer('device_epoch').notNull().default(0),
  },
  (t) => [
    check('user_default_precision_check', sql`${t.defaultPrecision} in (${oneOf(PrecisionSchema)})`),
    check('user_role_check', sql`${t.role} in (${oneOf(AccountRoleSchema)})`),
    check('user_status_check', sql`${t.status} in (${oneOf(AccountStatusSchema)})`),
    check('user_photo_quota_mb_check', sql`${t.photoQuotaMb} is null or ${t.photoQuotaMb} >= 0`),
    check('user_language_check', sql`${t.language} is null or ${t.language} in ('en', 'lt')`),
    index('user_role_idx').on(t.role),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** better-auth's two-factor plugin: an authenticator app's secret and the recovery codes, both encrypted by it. */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    /**
     * Foray's own: the 30-second step of the last code from the app that was accepted. A code of this step or an
     * earlier one is refused, so a used code cannot be used again while better-auth would still take it (RFC 6238
     * §5.2; `auth/totp-replay.ts`, ADR 0038).
     */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId), index('two_factor_secret_idx').on(t.secret)],
);

/**
 * better-auth's per-address request counts. In the database, not in memory, so that several Foray servers
 * behind one balancer count together and a restart does not forgive an attacker.
 */
export const rateLimit = pgTable(
  'rate_limit',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull().unique(),
    count: integer('count').notNull(),
    lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limit_last_request_idx').on(t.lastRequest)],
);

/** Failed sign-ins per account from browsers it does not know, so credential stuffing from many addresses still slows down. */
export const signInFailure = pgTable('sign_in_failure', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamptz('window_started_at').notNull().defaultNow(),
  blockedUntil: timestamptz('blocked_until'),
});

/**
 * Failed sign-ins per device cookie: a browser that signed in to the account before keeps its own allowance,
 * so failures from elsewhere cannot lock its owner out (ADR 0011). Keyed by the cookie's random id.
 */
export const signInDeviceFailure = pgTable('sign_in_device_failure', {
  deviceId: text('device_id').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamptz('window_started_at').notNull().defaultNow(),
  blockedUntil: timestamptz('blocked_until'),
});

/**
 * Requests to /api/v1 per client address, in fixed windows (`plugins/api-rate-limit.ts`, ADR 0052): in the database,
 * so every Foray server on one PostgreSQL counts together. UNLOGGED (its migration says so; Drizzle cannot): a count
 * needs no crash safety, and skipping the write-ahead log spares every request a flush to disk.
 */
export const apiRequestCount = pgTable('api_request_count', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  // No index: the hourly sweep reads a table of one row per recent address, and an index would cost every write.
  windowEndsAt: timestamptz('window_ends_at').notNull(),
});

/** Mail waits here and is sent by the server's outbox worker, never inside a request (see ADR 0004). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null`),
  ],
);

// ── Foray's own data ──

export const spots = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: valuesOf(SpotTypeSchema) }).notNull(),
    mushroomTypes: text('mushroom_types').notNull().default(''),
    finder: text('finder').notNull().default(''),
    dateFound: date('date_found', { mode: 'string' }).notNull(),
    notes: text('notes'),
    habitat: text('habitat'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    // Metres, as the phone estimated (and Foray averaged) them; null for a spot placed on the map by hand.
    accuracyM: doublePrecision('accuracy_m'),
    // Built-in PostgreSQL point (x = longitude, y = latitude) so a GiST index answers the map's bbox query.
    position: point('position', { mode: 'xy' })
      .notNull()
      .generatedAlwaysAs(sql`point(longitude, latitude)`),
    isPublic: boolean('is_public').notNull().default(false),
    /** How exactly others see the position (ADR 0053): 'exact', or a grid cell of about '1km' or '10km'. */
    precision: text('precision', { enum: valuesOf(PrecisionSchema) })
      .notNull()
      .default('exact'),
    /**
     * Where others see the spot: the true position when exact, else one point in its grid cell, chosen once for the
     * spot and that cell. Set by a trigger before every write (migration 0015), never by the app: the 0 given on
     * insert is only there because the column is not null, and is replaced.
     */
    shownLatitude: doublePrecision('shown_latitude')
      .notNull()
      .$defaultFn(() => 0),
    shownLongitude: doublePrecision('shown_longitude')
      .notNull()
      .$defaultFn(() => 0),
    shownPosition: point('shown_position', { mode: 'xy' })
      .notNull()
      .generatedAlwaysAs(sql`point(shown_longitude, shown_latitude)`),
    // What the species search looks in: the mushroom types and the notes, case and accents folded by the
    // table in common/spot-filter.ts, which the phone applies too. Generated, so every write keeps it right;
    // translate() is immutable, unlike lower() (locale-bound) or unaccent() (a dictionary file). ADR 0020.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(`translate(mushroom_types || ' ' || coalesce(notes, ''), ${literal(FOLD_FROM)}, ${literal(FOLD_TO)})`),
      ),
    // Millisecond precision so the list cursor round-trips exactly through a JavaScript Date.
    createdAt: timestamptz('created_at')
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    // The last change, in the same precision; set by every update (created_at until the first edit).
    updatedAt: timestamptz('updated_at')
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    // 1 when created, one more with each change: an edit names the version it was made on (ADR 0019).
    version: integer('version').notNull().default(1),
    /**
     * The version and last change as everyone but the owner sees them (ADR 0070): they move only when something
     * others are shown changes, so a move inside an approximate spot's cell, or a change of an approximate spot's
     * accuracy, leaves them as they were. Kept by a trigger before every write (migration 0023), never by the app.
     */
    shownVersion: integer('shown_version').notNull().default(1),
    shownUpdatedAt: timestamptz('shown_updated_at')
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    /** Hidden by an administrator (ADR 0078): the reason of the report acted on; null when not hidden. */
    hiddenReason: text('hidden_reason'),
    /** The owner's account is disabled: written by a trigger on `user.status` (migration 0027), never by the app. */
    ownerDisabled: boolean('owner_disabled').notNull().default(false),
    /**
     * Shown to nobody but its owner (ADR 0078): hidden, or its owner disabled. `visibleTo`'s parts for others and
     * every kept count treat it as shared with nobody; the owner's own part and counts keep it.
     */
    withheld: boolean('withheld')
      .notNull()
      .generatedAlwaysAs(sql`hidden_reason is not null or owner_disabled`),
  },
  (t) => [
    index('locations_position_gist').using('gist', t.position),
    index('locations_shown_position_gist').using('gist', t.shownPosition),
    index('locations_owner_recent_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // Trigram index (pg_trgm): `search_text like '%term%'` finds rare terms without reading every row.
    index('locations_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('locations_public_recent_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`is_public`),
    check('locations_type_check', sql`${t.type} in (${oneOf(SpotTypeSchema)})`),
    check('locations_precision_check', sql`${t.precision} in (${oneOf(PrecisionSchema)})`),
    check('locations_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('locations_longitude_check', sql`${t.longitude} between -180 and 180`),
    check(
      'locations_accuracy_m_check',
      sql`${t.accuracyM} is null or (${t.accuracyM} > 0 and ${t.accuracyM} <= ${sql.raw(String(ACCURACY_MAX_M))})`,
    ),
  ],
);

/**
 * A spot's photos, in the owner's order: the lowest position is the cover (ADR 0024). Each row names the two
 * files it owns (the re-encoded photo and its thumbnail); the id is made by the client, so a retried upload
 * from the phone's outbox is recognised. Positions need not be consecutive: only their order matters.
 */
export const spotPhotos = pgTable(
  'location_photos',
  {
    id: uuid('id').primaryKey(),
    spotId: uuid('location_id')
      .notNull()
      .references(() => spots.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    photoKey: text('photo_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    /**
     * The bytes of the two files, counted into the owner's `photo_bytes` by triggers (migration 0028, ADR 0081);
     * null for a photo stored before Foray counted them, until the start's backfill measures its files.
     */
    storedBytes: bigint('stored_bytes', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Hidden by an administrator (ADR 0078): the reason of the report acted on; shown to the owner alone. */
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    index('location_photos_location_position_idx').on(t.spotId, t.position),
    uniqueIndex('location_photos_photo_key_idx').on(t.photoKey),
    uniqueIndex('location_photos_thumbnail_key_idx').on(t.thumbnailKey),
    // The photos the start's backfill has still to measure: none, once it has run.
    index('location_photos_unmeasured_idx')
      .on(t.id)
      .where(sql`stored_bytes is null`),
  ],
);

/**
 * Returns to a spot (ADR 0022). Always written by the spot's owner, so the owner is the spot's: no user column to
 * keep in step. Deleting the spot deletes its visits.
 */
export const visits = pgTable(
  'visits',
  {
    // Made on the phone: a retried POST finds the stored visit.
    id: uuid('id').primaryKey(),
    spotId: uuid('location_id')
      .notNull()
      .references(() => spots.id, { onDelete: 'cascade' }),
    visitedOn: date('visited_on', { mode: 'string' }).notNull(),
    outcome: text('outcome', { enum: valuesOf(VisitOutcomeSchema) }).notNull(),
    amount: text('amount', { enum: valuesOf(VisitAmountSchema) }),
    note: text('note'),
    createdAt: timestamptz('created_at')
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    /** Hidden by an administrator (ADR 0078): the reason of the report acted on; shown to the owner alone. */
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    // The summary on every spot and the visits list: one index range per spot, newest first.
    index('visits_location_recent_idx').on(t.spotId, t.visitedOn.desc(), t.createdAt.desc(), t.id.desc()),
    check('visits_outcome_check', sql`${t.outcome} in (${oneOf(VisitOutcomeSchema)})`),
    check(
      'visits_amount_check',
      sql`${t.amount} is null or (${t.outcome} = 'found' and ${t.amount} in (${oneOf(VisitAmountSchema)}))`,
    ),
  ],
);

/** A visit's photos (ADR 0025): stored and served like a spot's, shown to whoever may see the spot. */
export const visitPhotos = pgTable(
  'visit_photos',
  {
    id: uuid('id').primaryKey(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    photoKey: text('photo_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    /** As a spot photo's: the two files' bytes, null until measured for a photo stored before Foray counted them. */
    storedBytes: bigint('stored_bytes', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Hidden by an administrator (ADR 0078): the reason of the report acted on; shown to the owner alone. */
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    index('visit_photos_visit_position_idx').on(t.visitId, t.position),
    uniqueIndex('visit_photos_photo_key_idx').on(t.photoKey),
    uniqueIndex('visit_photos_thumbnail_key_idx').on(t.thumbnailKey),
    // The photos the start's backfill has still to measure: none, once it has run.
    index('visit_photos_unmeasured_idx')
      .on(t.id)
      .where(sql`stored_bytes is null`),
  ],
);

/** What each kept map cell holds (map_cells, map_owner_cells, map_circle_cells): counts by type and the sums of
 * their coordinates, whose mean places the cell's bubble. */
const keptCounts = () => ({
  mushroomSpots: integer('mushroom_spots').notNull().default(0),
  carParks: integer('car_parks').notNull().default(0),
  sumLatitude: doublePrecision('sum_latitude').notNull().default(0),
  sumLongitude: doublePrecision('sum_longitude').notNull().default(0),
});

/**
 * The map's counts of PUBLIC spots per Web-Mercator cell (ADR 0026): one row per cell at each of
 * MAP_KEPT_LEVELS, kept in step with every insert, update and delete of a spot by a
 * trigger in the same transaction (migration 0009), so a country view reads a few dozen rows however many
 * spots exist. The caller's own private spots are counted live on top; nobody's private spot is in here.
 */
export const mapCells = pgTable(
  'map_cells',
  {
    level: smallint('level').notNull(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    // Each cell's count is kept in up to 8 rows, one per shard (the writing connection's process id mod 8), so
    // servers adding spots in the same region at once do not queue on one row; readers add the shards up.
    shard: smallint('shard').notNull(),
    ...keptCounts(),
  },
  (t) => [primaryKey({ columns: [t.level, t.cx, t.cy, t.shard] })],
);

/**
 * The kept counts of each forager's own private spots (ADR 0026, amended): per owner and cell at the kept levels,
 * maintained by the same trigger as `map_cells`. A tile is then the public cells plus the viewer's own, both read
 * by key, however many private spots the viewer keeps (counting an import's thousands live made a country tile slow).
 * No foreign key: the trigger writes here while an account's spots are deleted with it; account deletion removes
 * the rows itself. A row whose counts fell to zero may stay; readers skip empty cells.
 */
export const mapOwnerCells = pgTable(
  'map_owner_cells',
  {
    userId: text('user_id').notNull(),
    level: smallint('level').notNull(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    ...keptCounts(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.level, t.cx, t.cy] })],
);

/**
 * The kept counts of the spots shared with each circle (ADR 0057): per circle and cell at the kept levels, at the
 * spots' shown points, each spot that is not public counted once per circle it is shared with. Kept by triggers on
 * `location_circles` (migration 0016). A member's tile adds up the rows of their circles; the owner's own spots and
 * a spot in two of the member's circles are taken off again (map_owner_cells, and map-tiles.queries.ts).
 */
export const mapCircleCells = pgTable(
  'map_circle_cells',
  {
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    ...keptCounts(),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.level, t.cx, t.cy] })],
);

/**
 * The shares of the spots that are shared with two or more circles (ADR 0060): a member of two of those circles sees
 * such a spot once while each circle's kept cells count it, so a tile takes the extra counts off, reading only these
 * rows. Kept by triggers on `location_circles` (migration 0018); most spots are shared with one circle or none, so
 * the table stays small and a tile with no overlap reads nothing.
 */
export const spotCircleOverlaps = pgTable(
  'location_circle_overlaps',
  {
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    spotId: uuid('location_id')
      .notNull()
      .references(() => spots.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.spotId, t.circleId] }),
    index('location_circle_overlaps_circle_idx').on(t.circleId, t.spotId),
  ],
);

/**
 * What "found nearby this week" is read from (issue #23, ADR 0059): per fixed ~10 km grid cell (the '10km' cell of
 * approximate spots, migration 0015), day, species and forager, how many 'found' visits of PUBLIC mushroom spots
 * there are, at each spot's shown point. Kept by triggers on visits and locations (migration 0019), never by the
 * code, so the read is an index range over the cells near the caller and the window's days, however many visits
 * exist. No foreign key: the triggers write here while an account's spots are deleted with it, and count those
 * spots off themselves. A row whose count falls to zero is deleted.
 */
export const fruitingFinds = pgTable(
  'fruiting_finds',
  {
    cellY: integer('cell_y').notNull(),
    visitedOn: date('visited_on', { mode: 'string' }).notNull(),
    cellX: integer('cell_x').notNull(),
    /** The species as written, case and accents folded (common/spot-filter.ts): what finds are grouped by. */
    speciesKey: text('species_key').notNull(),
    /** The spot's owner, who records its visits: only ever counted, never answered. */
    userId: text('user_id').notNull(),
    /**
     * How the forager wrote the species (trimmed, spaces collapsed): a row per spelling, so the read can show the
     * spelling most foragers used and never one forager's alone (ADR 0073).
     */
    species: text('species').notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cellY, t.visitedOn, t.cellX, t.speciesKey, t.userId, t.species] })],
);

/**
 * One row per confirmed import (issue #11), keyed by the id the app made for it: a retried confirm finds its row
 * and answers with what the first one did instead of adding the spots again. Written in the same transaction as
 * the spots, so a row means every spot of that import is saved.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    createdCount: integer('created_count').notNull(),
    photoCount: integer('photo_count').notNull(),
    skippedCount: integer('skipped_count').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('imports_user_id_idx').on(t.userId)],
);

/** UI strings, one column per language (spec §3.3), filled at start from locales/*.json. */
export const translations = pgTable('translations', {
  key: text('key').primaryKey(),
  en: text('en').notNull().default(''),
  lt: text('lt').notNull().default(''),
});

/**
 * Circles (issue #20, ADR 0053): people a forager shares chosen spots with. The owner is the member whose role is
 * 'owner' (exactly one, by the partial unique index), so a hand-over is one update of two rows.
 */
export const circles = pgTable('circles', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const circleMembers = pgTable(
  'circle_members',
  {
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: valuesOf(CircleRoleSchema) }).notNull(),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.circleId, t.userId] }),
    index('circle_members_user_idx').on(t.userId, t.circleId),
    uniqueIndex('circle_members_one_owner_idx')
      .on(t.circleId)
      .where(sql`role = 'owner'`),
    check('circle_members_role_check', sql`${t.role} in (${oneOf(CircleRoleSchema)})`),
  ],
);

/**
 * When each invitation was made and by whom, for the daily limit per user (INVITES_PER_USER_PER_DAY). Apart from
 * the invitations, which go with their circle: deleting a circle must not give its admins a fresh day's allowance.
 * Rows older than a day are removed when the same user makes another.
 */
export const invitesMade = pgTable(
  'invites_made',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('invites_made_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Invitation links. The token is the link's secret (128 random bits); a row stays after it is revoked, used up or
 * expired, so the link can say which. `madeOrder` orders invitations against departures (circle_departures).
 */
export const circleInvites = pgTable(
  'circle_invites',
  {
    id: uuid('id').primaryKey(),
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    createdBy: text('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email'),
    expiresAt: timestamptz('expires_at').notNull(),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /**
     * Taken from a sequence when the row is inserted, which happens under the circle's lock (createInvite), as a
     * departure does: of an invitation and a departure, the one numbered lower was committed first. Not the clock:
     * `now()` is when a transaction began, not when it took the lock (ADR 0069).
     */
    madeOrder: bigserial('made_order', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('circle_invites_circle_idx').on(t.circleId, t.createdAt),
    index('circle_invites_created_by_idx').on(t.createdBy, t.createdAt),
  ],
);

/**
 * Who left a circle or was removed from it, and which of its invitations were made before (ADR 0069): every
 * invitation of the circle whose made_order is at most `invitesThrough` no longer admits them, whatever it is (a
 * link, an e-mail to their own address); only one made afterwards does. Written with the member row's removal, under
 * the circle's lock; a later departure moves `invitesThrough` on. It goes with the circle or the account.
 */
export const circleDepartures = pgTable(
  'circle_departures',
  {
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    invitesThrough: bigint('invites_through', { mode: 'number' }).notNull(),
    leftAt: timestamptz('left_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.userId] }), index('circle_departures_user_idx').on(t.userId)],
);

/**
 * The circles a new spot starts shared with (ADR 0056). Each row hangs on the user's membership: leaving the circle,
 * being removed or the circle's deletion takes it away, so a default never names a circle one is not in.
 */
export const userDefaultCircles = pgTable(
  'user_default_circles',
  {
    userId: text('user_id').notNull(),
    circleId: uuid('circle_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.circleId] }),
    foreignKey({
      columns: [t.circleId, t.userId],
      foreignColumns: [circleMembers.circleId, circleMembers.userId],
      name: 'user_default_circles_membership_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * Which circles a spot is shared with (its audience is 'circles' when it has a row here and is not public). The
 * other columns are a copy of what the circle's kept map counts need of the spot, written by triggers (migration
 * 0016), never by the code: filled from the spot when a row is added and refreshed when the spot changes, so a row
 * taken away (a circle deleted, a member leaving) is counted off with the values it was counted with.
 */
export const spotCircles = pgTable(
  'location_circles',
  {
    spotId: uuid('location_id')
      .notNull()
      .references(() => spots.id, { onDelete: 'cascade' }),
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id'),
    type: text('type'),
    isPublic: boolean('is_public'),
    shownLatitude: doublePrecision('shown_latitude'),
    shownLongitude: doublePrecision('shown_longitude'),
    /**
     * Written with its spot, in the statement that inserts the spot (a new shared spot): the spot's own insert took
     * this share off the owner's kept cells, so the share's insert leaves them be (migration 0020). Read only then.
     */
    ownerCounted: boolean('owner_counted').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.spotId, t.circleId] }),
    index('location_circles_circle_idx').on(t.circleId, t.spotId),
  ],
);

/** Server-wide values kept in the database, shared by every Foray server on it: the seed of approximate points. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The id of every spot ever deleted, with its owner (a trigger writes it, migration 0015). A create with an id that
 * is someone else's answers 409 whether that spot still exists or not, so an id someone once saw tells them nothing
 * about whether the spot is still there (ADR 0053). No foreign key: the owner may be gone too.
 */
export const deletedSpotIds = pgTable('deleted_location_ids', {
  id: uuid('id').primaryKey(),
  userId: text('user_id').notNull(),
});

/**
 * The id of every spot photo, visit and visit photo ever deleted, with the owner of its spot, as for spots: a create
 * with such an id someone else used answers 409 whether the photo or visit still exists, is hidden or was deleted,
 * and the owner may use their own again (ADR 0070). Written by triggers (migration 0023), so a spot's or a visit's
 * deletion, which takes its photos and visits along by cascade, keeps theirs too. No foreign key, as above.
 */
export const deletedSpotPhotoIds = pgTable('deleted_location_photo_ids', {
  id: uuid('id').primaryKey(),
  userId: text('user_id').notNull(),
});

export const deletedVisitIds = pgTable('deleted_visit_ids', {
  id: uuid('id').primaryKey(),
  userId: text('user_id').notNull(),
});

export const deletedVisitPhotoIds = pgTable('deleted_visit_photo_ids', {
  id: uuid('id').primaryKey(),
  userId: text('user_id').notNull(),
});

// ── The server's own governance (issue #34, ADR 0077) ──

/**
 * One row: how people may join this server, held in the database so that every server on it agrees. A new server
 * has no row until its first start writes one (SIGNUP_POLICY, else `invite`); migration 0025 writes `open` for a
 * server that already had accounts, so an upgrade changes nothing until an administrator does.
 */
export const serverPolicy = pgTable(
  'server_policy',
  {
    id: smallint('id').primaryKey().default(1),
    signupPolicy: text('signup_policy', { enum: valuesOf(SignupPolicySchema) }).notNull(),
    /** E-mail domains (lower case, without the @) whose addresses may always sign up, whatever the policy. */
    signupDomains: text('signup_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The default photo quota of an account in MB; null: PHOTO_QUOTA_MB. */
    photoQuotaMb: integer('photo_quota_mb'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('server_policy_one_row', sql`${t.id} = 1`),
    check('server_policy_signup_policy_check', sql`${t.signupPolicy} in (${oneOf(SignupPolicySchema)})`),
    check('server_policy_photo_quota_mb_check', sql`${t.photoQuotaMb} is null or ${t.photoQuotaMb} >= 0`),
  ],
);

/**
 * Invitations to the server (ADR 0079): a link (/join/<token>) that lets its holder sign up whatever the sign-up
 * policy, with an expiry, a number of uses and a revocation, as circle invitations have; or the same link mailed to
 * one address, for that address only. A row stays after it is revoked, used up or expired. `uses` counts accounts made.
 */
export const serverInvites = pgTable(
  'server_invites',
  {
    id: uuid('id').primaryKey(),
    token: text('token').notNull().unique(),
    /** The administrator who made it; null once their account is gone (the invitation stays until it ends). */
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    email: text('email'),
    expiresAt: timestamptz('expires_at').notNull(),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('server_invites_created_idx').on(t.createdAt),
    check('server_invites_uses_check', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.maxUses} >= 1)`),
  ],
);

/**
 * What administrators did, for administrators to read (ADR 0077): who, what, on whom, when and from which address.
 * No foreign keys: an entry outlives the accounts it names, until it is older than the time entries are kept.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    subjectId: text('subject_id'),
    address: text('address'),
  },
  (t) => [index('audit_log_at_idx').on(t.at.desc(), t.id.desc())],
);

/**
 * Reports of content (ADR 0078): a public spot, a visit of one, or a photo of one, reported once per person. The
 * reporter is read by no route at all (the queue shows the report, not who made it), so the owner never learns it.
 * No foreign key to the content, which may be deleted: the queue then shows nothing of it.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: valuesOf(ReportTargetTypeSchema) }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason', { enum: valuesOf(ReportReasonSchema) }).notNull(),
    text: text('text'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamptz('created_at')
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    uniqueIndex('reports_once_per_person_idx').on(t.reporterId, t.targetType, t.targetId),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_status_recent_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('reports_reporter_recent_idx').on(t.reporterId, t.createdAt),
    check('reports_target_type_check', sql`${t.targetType} in (${oneOf(ReportTargetTypeSchema)})`),
    check('reports_reason_check', sql`${t.reason} in (${oneOf(ReportReasonSchema)})`),
    check('reports_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);
