// Numbers that the browser and the server both enforce. Change them here only.

/** Largest photo a user may upload: 5 MiB, as the spec says. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Decompression-bomb guard: images declaring more pixels than this are refused before decoding. */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** Longest edge of the stored photo and of its thumbnail, in pixels. */
export const PHOTO_MAX_EDGE = 2048;
export const THUMBNAIL_MAX_EDGE = 400;
/** Photos one spot may have; the first is its cover. */
export const PHOTOS_PER_SPOT_MAX = 8;
/** Photos a visit may carry: what was there that day, not a second album. */
export const PHOTOS_PER_VISIT_MAX = 4;

export const MUSHROOM_TYPES_MAX = 200;
export const FINDER_MAX = 200;
export const NOTES_MAX = 5000;
/** Where the mushrooms grow ("under spruce, on mossy ground"): a phrase, shorter than the notes. */
export const HABITAT_MAX = 200;
/** A visit's note: a line or two about that return to the spot. */
export const VISIT_NOTE_MAX = 2000;

/** The earliest date_found accepted; the latest is tomorrow (UTC), so a forager east of UTC can record today. */
export const DATE_FOUND_MIN = '1900-01-01';
/** Days after today (UTC) that date_found may still be: a forager's "today" runs up to 14 hours ahead of UTC. */
export const DATE_FOUND_MAX_DAYS_AHEAD = 1;

/** The latest date_found accepted at `now`: tomorrow in UTC, written YYYY-MM-DD (the form and the server). */
export function latestDateFound(now: Date = new Date()): string {
  return new Date(now.getTime() + DATE_FOUND_MAX_DAYS_AHEAD * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/**
 * A spot's stated GPS accuracy, in metres. Above 10 km a "position" is a cell-tower guess, not a spot: the
 * number would only mislead. Zero is no phone's honest answer.
 */
export const ACCURACY_MAX_M = 10_000;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;
/** The bbox route answers at most this many spots; the map clusters them. */
export const BBOX_LIMIT_MAX = 10_000;

export const LANGUAGES = ['en', 'lt'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Map tiles (GET /api/v1/map/tiles/:z/:x/:y) exist for z = 0 … MAP_TILE_ZOOM_MAX. */
export const MAP_TILE_ZOOM_MAX = 22;

/** Import (issue #11): the largest data file (GPX, KML, KMZ, GeoJSON, CSV) a forager may upload. */
export const IMPORT_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** A Foray zip carries photos too: the largest such upload. */
export const IMPORT_ZIP_MAX_BYTES = 500 * 1024 * 1024;
/** Spots one import may hold; a larger file is refused whole rather than cut off. */
export const IMPORT_SPOTS_MAX = 20_000;
/** Two spots closer than this, with the same name, are taken for the same spot. */
export const IMPORT_DUPLICATE_METRES = 10;

/** A display name, the name others see beside a public spot: 1 to 60 characters after trimming. */
export const DISPLAY_NAME_MAX = 60;

/** Circles (issue #20): how many one forager may belong to, owned or joined. */
export const CIRCLES_PER_USER_MAX = 50;
/** Members of one circle, its owner included. */
export const MEMBERS_PER_CIRCLE_MAX = 500;
export const CIRCLE_NAME_MAX = 80;
/** An invitation link lasts this many days unless its maker chooses otherwise (1 to INVITE_DAYS_MAX). */
export const INVITE_DAYS_DEFAULT = 7;
export const INVITE_DAYS_MAX = 30;
/** The most uses one invitation link may be given; without a number it may be used until it expires. */
export const INVITE_USES_MAX = MEMBERS_PER_CIRCLE_MAX;
/** Invitations still open in one circle at once. */
export const OPEN_INVITES_PER_CIRCLE_MAX = 50;
/** Invitations one forager may make in a day, across all circles (e-mail ones send mail). */
export const INVITES_PER_USER_PER_DAY = 100;
/** Ids a device may ask about in one `POST /api/v1/locations/check`. */
export const CHECK_IDS_MAX = 5_000;

/** Who may join (ADR 0079): e-mail domains that may always sign up, and each one's length (a DNS name's). */
export const SIGNUP_DOMAINS_MAX = 50;
export const SIGNUP_DOMAIN_MAX = 253;
/** Server invitations still open at once, and the most uses one may be given. */
export const OPEN_SERVER_INVITES_MAX = 100;
export const SERVER_INVITE_USES_MAX = 1_000;
/** The largest default photo quota an administrator may set, in MB (as PHOTO_QUOTA_MB's bound). */
export const PHOTO_QUOTA_MB_MAX = 100_000_000;
