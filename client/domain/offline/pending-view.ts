// How waiting changes look on the map and in the list: the outbox's entries laid over the spots from the server
// (or the device's copy), pure functions.
import type { MapPin } from '../../../common/schemas/map-pins.ts';
import { pinOf } from '../../../common/map-pin.ts';
import type { Photo, Spot, VisitSummary } from '../../../common/schemas/spots.ts';
import type { CreateVisit } from '../../../common/schemas/visits.ts';
import { createPhotoId, PHOTO_KINDS, type OutboxEntry } from './outbox-model.ts';
import type { PendingState, PhotoUrls, ShownPin, ShownSpot, SpotFields, SpotPatch } from '../spots/spot-types.ts';
import { SPOT_FIELD_LIST, type SpotFieldName } from '../../../common/spot-field-list.ts';

/** The fields the server keeps as null when blank (common/spot-field-list.ts `tidy`), and those a Spot may give as null. */
const BLANK_IS_NULL = SPOT_FIELD_LIST.flatMap((field) =>
  'tidy' in field && field.tidy === 'trim-or-null' ? [field.name] : [],
);
const NULLABLE = SPOT_FIELD_LIST.flatMap((field) => (field.nullable ? [field.name] : []));
type NullableName = { [Name in SpotFieldName]: null extends Spot[Name] ? Name : never }[SpotFieldName];

/** A field a Spot may give as null, null where an older entry does not have it (accuracy_m before Foray kept it). */
function nullWhereAbsent(fields: SpotFields): Pick<Spot, NullableName> {
  return Object.fromEntries(
    NULLABLE.map((name) => [name, (fields as Partial<Record<SpotFieldName, unknown>>)[name] ?? null]),
  ) as Pick<Spot, NullableName>;
}

/** The spot with an edit's fields laid over it, a blank text that the server keeps as null shown as null. */
export function withPatch<T extends Spot>(spot: T, patch: SpotPatch): T {
  const tidied = Object.fromEntries(
    BLANK_IS_NULL.flatMap((name) => {
      const text = patch[name];
      return text === undefined ? [[name, spot[name]]] : [[name, text?.trim() ? text : null]];
    }),
  );
  return { ...spot, ...patch, ...tidied };
}

/** The spot a waiting create stands for, drawn before the server has it. */
export function pendingSpot(
  entry: OutboxEntry & { kind: 'create' },
  ownerName: string | null,
  photoUrls?: PhotoUrls,
): ShownSpot {
  const localPhotoUrl = entry.seq === undefined ? null : (photoUrls?.get(entry.seq) ?? null);
  return {
    id: entry.spotId,
    ...entry.fields,
    ...nullWhereAbsent(entry.fields),
    // An entry queued before circles says only whether the spot is public. Its owner sees it exactly: no area.
    audience: entry.fields.audience ?? (entry.fields.is_public ? 'public' : 'private'),
    circle_ids: entry.fields.circle_ids ?? [],
    precision: entry.fields.precision ?? 'exact',
    area: null,
    photo_url: null,
    thumbnail_url: null,
    photos:
      entry.photo && localPhotoUrl
        ? [{ id: createPhotoId(entry), url: localPhotoUrl, thumbnail_url: localPhotoUrl }]
        : [],
    created_at: new Date(entry.createdAt).toISOString(),
    updated_at: new Date(entry.createdAt).toISOString(),
    // What the server gives a new spot: an edit queued behind a create that may be there already names it.
    version: 1,
    is_owner: true,
    owner_name: ownerName,
    visits: { count: 0, last: null },
    localPhotoUrl,
    pending: { kind: 'create', status: entry.status, error: entry.error, seq: entry.seq ?? -1 },
  };
}

/**
 * A spot's photos with its waiting photo changes applied in order: added ones last (shown from the device),
 * removed ones gone, a new order followed (photos it does not name keep their place after it).
 */
export function applyPhotoChanges(photos: Photo[], waiting: OutboxEntry[], photoUrls?: PhotoUrls): Photo[] {
  let result = photos;
  for (const entry of waiting) {
    if (entry.kind === 'add-photo') {
      const url = entry.seq === undefined ? undefined : photoUrls?.get(entry.seq);
      // Already there when the server has it and only its answer was lost.
      if (url && !result.some((photo) => photo.id === entry.photoId))
        result = [...result, { id: entry.photoId, url, thumbnail_url: url }];
    } else if (entry.kind === 'remove-photo') {
      result = result.filter((photo) => photo.id !== entry.photoId);
    } else if (entry.kind === 'order-photos') {
      const rank = new Map(entry.photoIds.map((id, index) => [id, index]));
      result = [...result].sort((a, b) => (rank.get(a.id) ?? rank.size) - (rank.get(b.id) ?? rank.size));
    }
  }
  return result;
}

/**
 * Lays the waiting changes over spots from the server (or the device's copy): new spots first, newest
 * first, sharing and photo changes applied (the cover is the first photo), deleted spots marked. The server's
 * copy of a spot whose create is still marked waiting (its answer was lost) is replaced by the waiting one, so
 * it is never shown twice.
 */
export function applyPending(
  spots: Spot[],
  entries: OutboxEntry[],
  ownerName: string | null,
  photoUrls?: PhotoUrls,
): ShownSpot[] {
  if (entries.length === 0) return spots;
  const bySpot = entriesBySpot(entries);

  const overlay = (spot: ShownSpot): ShownSpot => {
    const waiting = bySpot.get(spot.id);
    const last = waiting?.at(-1);
    if (!waiting || !last) return spot;
    let shown = spot;
    for (const entry of waiting) {
      if (entry.kind === 'share') shown = { ...shown, is_public: entry.isPublic };
      if (entry.kind === 'edit') shown = withPatch(shown, entry.patch);
    }
    const visits = waiting.flatMap((entry) => (entry.kind === 'visit' ? [entry.visit] : []));
    if (visits.length > 0) shown = { ...shown, visits: withVisits(spot.visits, visits) };
    const deletedVisits = waiting.filter((entry) => entry.kind === 'delete-visit').length;
    if (deletedVisits > 0 && shown.visits)
      shown = { ...shown, visits: { ...shown.visits, count: Math.max(0, shown.visits.count - deletedVisits) } };
    const photoChanges = waiting.filter((entry) => PHOTO_KINDS.has(entry.kind));
    if (photoChanges.length > 0) {
      const photos = applyPhotoChanges(spot.photos, photoChanges, photoUrls);
      const cover = photos[0];
      shown = {
        ...shown,
        photos,
        photo_url: cover?.url ?? null,
        thumbnail_url: cover?.thumbnail_url ?? null,
        localPhotoUrl: null,
      };
    }
    return { ...shown, pending: waitingState(waiting, last) };
  };

  const created: ShownSpot[] = [];
  for (const entry of entries) {
    if (entry.kind === 'create') created.push(overlay(pendingSpot(entry, ownerName, photoUrls)));
  }
  created.reverse();
  const createdIds = new Set(created.map((spot) => spot.id));
  return [...created, ...spots.filter((spot) => !createdIds.has(spot.id)).map(overlay)];
}

/** The waiting entries of each spot, oldest first. */
function entriesBySpot(entries: OutboxEntry[]): Map<string, OutboxEntry[]> {
  const bySpot = new Map<string, OutboxEntry[]>();
  for (const entry of entries) bySpot.set(entry.spotId, [...(bySpot.get(entry.spotId) ?? []), entry]);
  return bySpot;
}

/** What a spot's pin and popup say of its waiting changes: a refused change first, otherwise the newest. */
function waitingState(waiting: OutboxEntry[], last: OutboxEntry): PendingState {
  const state = waiting.find((entry) => entry.status === 'failed') ?? last;
  return {
    kind: state.kind,
    status: state.status,
    error: state.error,
    seq: state.seq ?? -1,
    ...(state.kind === 'edit' ? { patch: state.patch } : {}),
  };
}

/** The fields of an edit that change how a pin is drawn. */
const PIN_FIELDS = ['type', 'mushroom_types', 'latitude', 'longitude', 'accuracy_m', 'precision'] as const;

/**
 * The spots' map's pins (ADR 0065) with the waiting changes laid over them: new spots drawn in full before the
 * server has them (replacing a pin of the same id, whose create answer was lost), an edit's position, type, names
 * and precision applied, every changed pin marked with its waiting state. A deleted spot is marked, not removed.
 */
export function pinsWithPending(
  pins: MapPin[],
  entries: OutboxEntry[],
  ownerName: string | null,
  photoUrls?: PhotoUrls,
): ShownPin[] {
  if (entries.length === 0) return pins;
  const bySpot = entriesBySpot(entries);
  const created: ShownPin[] = applyPending([], entries, ownerName, photoUrls).map((spot) => ({
    ...pinOf(spot),
    pending: spot.pending,
    spot,
  }));
  const createdIds = new Set(created.map((pin) => pin.id));
  const overlay = (pin: MapPin): ShownPin => {
    const waiting = bySpot.get(pin.id);
    const last = waiting?.at(-1);
    if (!waiting || !last) return pin;
    let shown: ShownPin = pin;
    for (const entry of waiting) {
      if (entry.kind !== 'edit') continue;
      const { patch } = entry;
      const changed = Object.fromEntries(
        PIN_FIELDS.flatMap((field) => (field in patch ? [[field, patch[field]]] : [])),
      );
      shown = {
        ...shown,
        ...changed,
        accuracy_m: 'accuracy_m' in patch ? (patch.accuracy_m ?? null) : shown.accuracy_m,
      };
    }
    return { ...shown, pending: waitingState(waiting, last) };
  };
  return [...created, ...pins.filter((pin) => !createdIds.has(pin.id)).map(overlay)];
}

/** A spot's visit summary with the visits still on the device counted in (the latest date wins, a later entry on a tie). */
export function withVisits(summary: VisitSummary | undefined, waiting: CreateVisit[]): VisitSummary {
  // A spot kept on the device by an older Foray has no summary yet.
  let { count, last } = summary ?? { count: 0, last: null };
  for (const visit of waiting) {
    count += 1;
    if (!last || visit.date >= last.date) last = { date: visit.date, outcome: visit.outcome };
  }
  return { count, last };
}
