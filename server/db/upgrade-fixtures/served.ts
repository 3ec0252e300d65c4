import crypto from 'node:crypto';

/**
 * What one person was served, in a form every release of the API can be read into: their list of spots (theirs and
 * what others shared with them), each with its photos and its visits' photos as checksums of the bytes served.
 * scripts/make-upgrade-fixture.ts records it from an older Foray; server/db/upgrade.api.test.ts asks today's Foray
 * the same questions and expects the same answers.
 */
export type ServedSpot = {
  id: string;
  type: string;
  mushroom_types: string;
  finder: string;
  date_found: string;
  notes: string | null;
  latitude: number;
  longitude: number;
  is_public: boolean;
  is_owner: boolean;
  accuracy_m: number | null;
  /** Who sees it and how exactly (circles); absent when the release had only private and public. */
  audience?: string;
  precision?: string;
  /** The square an approximately shared spot is in, as its viewer is told. */
  area?: number[] | null;
  /** The names of the circles it is shared with that the person is in. */
  circles?: string[];
  /** sha256 of each photo's full picture and of its thumbnail, in the spot's order. */
  photos: { full: string; thumbnail: string }[];
  /** Absent when the release had no visits. */
  visits?: {
    id: string;
    date: string;
    outcome: string;
    amount: string | null;
    note: string | null;
    photos: { full: string; thumbnail: string }[];
  }[];
};

export type UpgradeFixture = {
  /** The commit of the Foray that stored the database. */
  made_by: string;
  last_migration: string;
  /** The AUTH_SECRET it ran with (two-step secrets are sealed with it). */
  auth_secret: string;
  people: { email: string; password: string; totp_secret?: string }[];
  served: Record<string, ServedSpot[]>;
};

type Get = (url: string) => Promise<Response>;
type ApiPhoto = { url: string; thumbnail_url: string };
type ApiSpot = Omit<ServedSpot, 'photos' | 'visits' | 'accuracy_m' | 'circles'> & {
  accuracy_m?: number | null;
  circle_ids?: string[];
  photos?: ApiPhoto[];
  photo_url?: string | null;
  thumbnail_url?: string | null;
};
type ApiVisit = {
  id: string;
  date: string;
  outcome: string;
  amount: string | null;
  note: string | null;
  photos?: ApiPhoto[];
};

const sha256 = (bytes: ArrayBuffer) => crypto.createHash('sha256').update(Buffer.from(bytes)).digest('hex');

async function checksums(get: Get, photos: ApiPhoto[]) {
  const out: { full: string; thumbnail: string }[] = [];
  for (const photo of photos) {
    out.push({
      full: sha256(await (await get(photo.url)).arrayBuffer()),
      thumbnail: sha256(await (await get(photo.thumbnail_url)).arrayBuffer()),
    });
  }
  return out;
}

/** `get` answers a GET on the API as the person (and fails on an error status). */
export async function servedTo(get: Get, options: { visits: boolean; circles: boolean }): Promise<ServedSpot[]> {
  const spots: ServedSpot[] = [];
  // Circle ids are made anew by nobody, but names are what a person knows them by.
  const circleNames = new Map<string, string>();
  if (options.circles) {
    const { items } = (await (await get('/api/v1/circles')).json()) as { items: { id: string; name: string }[] };
    for (const circle of items) circleNames.set(circle.id, circle.name);
  }
  let cursor: string | null = null;
  do {
    const page = (await (
      await get(`/api/v1/locations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)
    ).json()) as { items: ApiSpot[]; next_cursor: string | null };
    for (const item of page.items) {
      // The first releases had one photo a spot, as two URLs on the spot itself.
      const photos =
        item.photos ??
        (item.photo_url && item.thumbnail_url ? [{ url: item.photo_url, thumbnail_url: item.thumbnail_url }] : []);
      const spot: ServedSpot = {
        id: item.id,
        type: item.type,
        mushroom_types: item.mushroom_types,
        finder: item.finder,
        date_found: item.date_found,
        notes: item.notes,
        latitude: item.latitude,
        longitude: item.longitude,
        is_public: item.is_public,
        is_owner: item.is_owner,
        accuracy_m: item.accuracy_m ?? null,
        photos: await checksums(get, photos),
      };
      if (options.circles) {
        Object.assign(spot, {
          audience: item.audience,
          precision: item.precision,
          area: item.area ?? null,
          circles: (item.circle_ids ?? []).map((id) => circleNames.get(id) ?? `unknown circle ${id}`).sort(),
        });
      }
      if (options.visits) {
        const { items } = (await (await get(`/api/v1/locations/${item.id}/visits`)).json()) as { items: ApiVisit[] };
        spot.visits = [];
        for (const visit of items) {
          spot.visits.push({
            id: visit.id,
            date: visit.date,
            outcome: visit.outcome,
            amount: visit.amount,
            note: visit.note,
            photos: await checksums(get, visit.photos ?? []),
          });
        }
      }
      spots.push(spot);
    }
    cursor = page.next_cursor;
  } while (cursor);
  return spots.sort((a, b) => a.id.localeCompare(b.id));
}
