// The shapes of a spot as the client keeps and shows it, shared by the outbox and every feature that draws spots.
// A queued spot's fields come from the contract (common/schemas/spots.ts): a field added there is kept and sent
// with no change here.
import type { MapPin } from '../../../common/schemas/map-pins.ts';
import type { CreateSpotInput, Spot } from '../../../common/schemas/spots.ts';
import type { OutboxChange, OutboxEntry } from '../offline/outbox-model.ts';

/** What creating a spot takes, less the ids an entry keeps apart (the spot's own and its first photo's). */
type CreateSpotFields = Omit<CreateSpotInput, 'id' | 'photo_id'>;

/** Absent in entries queued before Foray had circles (ADR 0053): the server then goes by `is_public`. */
type SharingFields = 'audience' | 'circle_ids' | 'precision';

/**
 * A spot's fields as a queued create keeps them: the create schema's input, each one given (the form fills in
 * the defaults), but `accuracy_m` — metres, for a spot placed from the phone's position — which is absent in
 * entries queued before Foray kept it, and who sees the spot and how exactly, absent in entries queued before circles.
 */
export type SpotFields = Required<Omit<CreateSpotFields, 'accuracy_m' | SharingFields>> &
  Pick<CreateSpotFields, 'accuracy_m' | SharingFields>;

/**
 * Some of a spot's fields, as an edit changes them. A move carries `accuracy_m` too: a number when placed from
 * the phone's position, null when dragged or put at the map's centre.
 */
export type SpotPatch = Partial<SpotFields>;

export type OutboxError = {
  status: number;
  code: string;
  message: string;
  /** 409 STALE: the spot as the server holds it now, for the user to compare with their edit. */
  current?: Spot;
  /** 413 PHOTO_QUOTA_EXCEEDED: what the user's photos use and may use, for words in their language. */
  usedBytes?: number;
  quotaBytes?: number;
  /** The server's id of the refused request (`error.request_id`), for the user to quote. */
  request_id?: string;
};

export type PendingState = {
  kind: OutboxChange['kind'];
  status: OutboxEntry['status'];
  error?: OutboxError;
  seq: number;
  /** A refused edit's fields, to compare with the server's (`error.current`) when it was stale. */
  patch?: SpotPatch;
};

/** A spot as the app shows it: the server's, or one still on the device, with what is waiting for it. */
export type ShownSpot = Spot & { pending?: PendingState; localPhotoUrl?: string | null };

/**
 * A pin of the spots' map (ADR 0065) as drawn: with its waiting state, and, for a spot not yet on the server, the
 * whole spot its popup shows (any other pin's popup reads the spot by id).
 */
export type ShownPin = MapPin & { pending?: PendingState; spot?: ShownSpot };

/** Object URLs of the photos waiting in the outbox, by entry. */
export type PhotoUrls = ReadonlyMap<number, string>;
