import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateSpotSchema, SpotSchema } from '../../../common/schemas/spots.ts';
import { exampleApiSpot, exampleFields } from '../../../common/spot-examples.ts';
import { request } from '../../lib/http.ts';
import { classifyAnswer, type OutboxEntry } from './outbox-model.ts';
import { createForm, editBody, outboxError } from './sync.ts';

describe('createForm: the multipart request a queued spot is sent as', () => {
  const entry: OutboxEntry & { kind: 'create' } = {
    kind: 'create',
    seq: 1,
    userId: 'user-1',
    createdAt: 0,
    savedOffline: true,
    status: 'waiting',
    sends: 0,
    spotId: '0b9f7a3c-7d2e-4c1a-9b1e-1f2a3b4c5d6e',
    fields: exampleFields({
      type: 'mushroom_spot',
      mushroom_types: 'Chanterelles',
      finder: 'Ona',
      date_found: '2026-09-03',
      notes: '',
      latitude: 55.16944444,
      longitude: 23.88133333,
      is_public: false,
    }),
    photo: null,
    photoName: null,
  };

  /** The create schema's fields that `fields` gives, in the schema's order (each a field of the list, with its example). */
  const given = (fields: object) => Object.keys(CreateSpotSchema.shape).filter((key) => key in fields);

  it('sends the client id, every text field, coordinates to 6 decimals and is_public as text', () => {
    const form = createForm(entry);
    expect([...form.keys()]).toEqual(['id', ...given(entry.fields)]);
    expect(form.get('mushroom_types')).toBe('Chanterelles');
    expect(form.get('notes')).toBe('');
    expect(form.get('id')).toBe(entry.spotId);
    expect(form.get('latitude')).toBe('55.169444');
    expect(form.get('is_public')).toBe('false');
  });

  it('sends accuracy_m for a spot placed from the position, and leaves it out for one placed by hand', () => {
    const placed = createForm({ ...entry, fields: { ...entry.fields, accuracy_m: 7.5 } });
    expect([...placed.keys()]).toEqual(['id', ...given({ ...entry.fields, accuracy_m: 7.5 })]);
    expect(given(entry.fields)).not.toContain('accuracy_m');
    expect(placed.get('accuracy_m')).toBe('7.5');
    expect(createForm({ ...entry, fields: { ...entry.fields, accuracy_m: null } }).has('accuracy_m')).toBe(false);
    expect(createForm(entry).has('accuracy_m')).toBe(false);
  });

  it('sends the fields in the create schema’s order, so a field added there is sent with no change here', () => {
    const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' });
    // Every field given, the optional ones too, so that each key of the schema has a value to send.
    const fields = {
      ...entry.fields,
      accuracy_m: 4,
      precision: '1km' as const,
      audience: 'circles' as const,
      circle_ids: [crypto.randomUUID(), crypto.randomUUID()],
    };
    const form = createForm({ ...entry, fields, photo, photoName: 'a.webp' });
    expect([...form.keys()]).toEqual([...Object.keys(CreateSpotSchema.shape), 'photo']);
    // Circles go as one comma-separated field, as the server's form reader takes a list.
    expect(form.get('circle_ids')).toBe(fields.circle_ids.join(','));
  });

  it('puts the photo last, under the name it was queued with', () => {
    const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' });
    const form = createForm({
      ...entry,
      fields: { ...entry.fields, is_public: true },
      photo,
      photoName: 'clearing.webp',
    });
    expect([...form.keys()].at(-1)).toBe('photo');
    expect((form.get('photo') as File).name).toBe('clearing.webp');
    expect(form.get('is_public')).toBe('true');
  });

  it('names the photo with its id made on the device (or, for entries queued before photos had ids, the spot’s)', () => {
    const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' });
    const photoId = '5c1b0f9e-2a7d-4e3b-9c4f-8a6d2e1f0b3c';
    expect(createForm({ ...entry, photo, photoName: 'a.webp', photoId }).get('photo_id')).toBe(photoId);
    expect(createForm({ ...entry, photo, photoName: 'a.webp' }).get('photo_id')).toBe(entry.spotId);
    expect(createForm(entry).has('photo_id')).toBe(false);
  });
});

describe('editBody: the PATCH a queued edit is sent as', () => {
  it('sends only the changed fields, with the version they were made on', () => {
    const entry: OutboxEntry & { kind: 'edit' } = {
      kind: 'edit',
      seq: 4,
      userId: 'user-1',
      createdAt: 0,
      savedOffline: true,
      status: 'waiting',
      sends: 0,
      spotId: '0b9f7a3c-7d2e-4c1a-9b1e-1f2a3b4c5d6e',
      patch: { notes: 'By the birch', latitude: 55.2, longitude: 23.9, accuracy_m: null },
      baseVersion: 3,
    };
    expect(editBody(entry)).toEqual({
      notes: 'By the birch',
      latitude: 55.2,
      longitude: 23.9,
      accuracy_m: null,
      base_version: 3,
    });
  });
});

/** The browser's fetch answering each request with the next of `answers`. */
function browserFetch(...answers: Response[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(answers.shift()!)),
  );
}

const refusal = (status: number, code: string, message: string, more: Record<string, unknown>) =>
  Response.json({ error: { code, message, request_id: 'a1b2c3d4e5f60718', ...more } }, { status });

describe('outboxError: a refusal as the outbox keeps it on the entry', () => {
  afterEach(() => vi.unstubAllGlobals());

  const current = SpotSchema.parse(
    exampleApiSpot({
      id: '6f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
      mushroom_types: 'Ceps',
      finder: 'Ona',
      notes: null,
      owner_name: 'Ona',
      version: 4,
    }),
  );

  it('keeps a stale edit’s spot as it is now, the quota’s figures, and the request id, as plain data', async () => {
    browserFetch(
      refusal(409, 'STALE', 'The spot changed since', { details: { current } }),
      refusal(413, 'PHOTO_QUOTA_EXCEEDED', 'Over the quota', { details: { used_bytes: 900, quota_bytes: 1000 } }),
    );
    const stale = await request('/api/v1/locations/x', { method: 'PATCH', json: {} });
    const quota = await request('/api/v1/locations/x/photos', { method: 'POST', form: new FormData() });
    if (stale.kind !== 'refused' || quota.kind !== 'refused') throw new Error('expected refusals');
    expect(outboxError(stale.error)).toEqual({
      status: 409,
      code: 'STALE',
      message: 'The spot changed since',
      current,
      request_id: 'a1b2c3d4e5f60718',
    });
    expect(outboxError(quota.error)).toEqual({
      status: 413,
      code: 'PHOTO_QUOTA_EXCEEDED',
      message: 'Over the quota',
      usedBytes: 900,
      quotaBytes: 1000,
      request_id: 'a1b2c3d4e5f60718',
    });
    // IndexedDB keeps it by structured clone: no class, nothing lost on the way.
    expect(structuredClone(outboxError(stale.error))).toEqual(outboxError(stale.error));
  });
});

describe('the outbox on the one request: no answer keeps the entry, a refusal marks it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('retries an entry that got no answer later, and marks one the server refused with 4xx as failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const gone = await request('/api/v1/locations', { method: 'POST', form: new FormData() });
    expect(gone.kind).toBe('no-answer');
    expect(classifyAnswer('create', gone.status)).toBe('retry');

    browserFetch(refusal(400, 'VALIDATION_ERROR', 'latitude: out of range', {}));
    const refused = await request('/api/v1/locations', { method: 'POST', form: new FormData() });
    expect(refused.kind).toBe('refused');
    expect(classifyAnswer('create', refused.status)).toBe('failed');
  });
});
