// What the id tests of spots, photos and visits share (ADR 0070): Bob's things whose ids Alice saw while they were
// public, and what became of each — still there but hidden from her, deleted, or deleted with their spot or visit.
import crypto from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { validSpot, type TestContext } from './test-app.ts';
import { multipart } from './multipart.ts';
import type { Spot } from '../../common/schemas/spots.ts';
import type { Visit } from '../../common/schemas/visits.ts';

export type Person = { cookie: string };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Bob's ids, by what became of the thing they name; Alice saw every one of them. */
export type SeenIds = {
  /** Bob's spot, public when Alice looked, private now. */
  hiddenSpot: string;
  photo: { hidden: string; deleted: string; deletedWithSpot: string; visible: string };
  visit: { hidden: string; deleted: string; deletedWithSpot: string };
  visitPhoto: { hidden: string; deleted: string; deletedWithVisit: string; deletedWithSpot: string };
};

export function idsOnceSeen(context: () => TestContext) {
  const as = (who: Person, method: Method, url: string, payload?: object) =>
    context().app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  const jpeg = (colour = '#6b4') =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();

  /** `POST /api/v1/locations` with a first photo whose id is `photoId`. */
  async function createWithPhoto(who: Person, photoId: string, fields: Record<string, unknown> = {}) {
    const body = await multipart(validSpot({ photo_id: photoId, ...fields }), { bytes: await jpeg() });
    return context().app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: who.cookie, ...body.headers },
      payload: body.payload,
    });
  }

  /** `POST …/photos` of a spot (`visitId` null) or of a visit, with the photo id `id`. */
  async function addPhoto(who: Person, spotId: string, visitId: string | null, id: string) {
    const body = await multipart({ id }, { bytes: await jpeg('#a63') });
    return context().app.inject({
      method: 'POST',
      url: `/api/v1/locations/${spotId}${visitId ? `/visits/${visitId}` : ''}/photos`,
      headers: { cookie: who.cookie, ...body.headers },
      payload: body.payload,
    });
  }

  const visitBody = (id: string) => ({ id, date: '2026-09-20', outcome: 'found', amount: 'some', note: 'A note' });

  async function ok<T>(answer: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 201) {
    const response = await answer;
    expect(response.statusCode, response.body).toBe(status);
    return (status === 204 ? null : response.json()) as T;
  }

  async function spotWithPhoto(who: Person, fields: Record<string, unknown> = {}): Promise<Spot> {
    return ok<Spot>(createWithPhoto(who, crypto.randomUUID(), fields));
  }

  async function visitWithPhotos(who: Person, spotId: string, photos: number): Promise<Visit> {
    const visit = await ok<Visit>(
      as(who, 'POST', `/api/v1/locations/${spotId}/visits`, visitBody(crypto.randomUUID())),
    );
    let last = visit;
    for (let n = 0; n < photos; n += 1) last = await ok<Visit>(addPhoto(who, spotId, visit.id, crypto.randomUUID()));
    return last;
  }

  /**
   * Bob's public spots, photos and visits, read by Alice (by id and their visits), then Bob's changes: one spot made
   * private, a photo, a visit and a visit's photo deleted, and a whole other spot deleted with everything on it.
   */
  async function bobsThingsAliceSaw(bob: Person, alice: Person): Promise<SeenIds> {
    const kept = await spotWithPhoto(bob, { is_public: true });
    const withTwo = await ok<Spot>(addPhoto(bob, kept.id, null, crypto.randomUUID()));
    const keptVisit = await visitWithPhotos(bob, kept.id, 2);
    const goneVisit = await visitWithPhotos(bob, kept.id, 1);
    const doomed = await spotWithPhoto(bob, { is_public: true });
    const doomedVisit = await visitWithPhotos(bob, doomed.id, 1);
    const other = await spotWithPhoto(bob, { is_public: true });

    // Alice sees all of it while it is public: each id below reached her.
    const seenSpot = await ok<Spot>(as(alice, 'GET', `/api/v1/locations/${kept.id}`), 200);
    const seenVisits = await ok<{ items: Visit[] }>(as(alice, 'GET', `/api/v1/locations/${kept.id}/visits`), 200);
    const seenDoomed = await ok<Spot>(as(alice, 'GET', `/api/v1/locations/${doomed.id}`), 200);
    const seenDoomedVisits = await ok<{ items: Visit[] }>(
      as(alice, 'GET', `/api/v1/locations/${doomed.id}/visits`),
      200,
    );
    const seenOther = await ok<Spot>(as(alice, 'GET', `/api/v1/locations/${other.id}`), 200);
    expect(seenSpot.photos.map((photo) => photo.id)).toEqual(withTwo.photos.map((photo) => photo.id));
    const visitSeen = (id: string) => seenVisits.items.find((visit) => visit.id === id)!;
    const ids: SeenIds = {
      hiddenSpot: kept.id,
      photo: {
        hidden: seenSpot.photos[0]!.id,
        deleted: seenSpot.photos[1]!.id,
        deletedWithSpot: seenDoomed.photos[0]!.id,
        visible: seenOther.photos[0]!.id,
      },
      visit: { hidden: keptVisit.id, deleted: goneVisit.id, deletedWithSpot: seenDoomedVisits.items[0]!.id },
      visitPhoto: {
        hidden: visitSeen(keptVisit.id).photos[0]!.id,
        deleted: visitSeen(keptVisit.id).photos[1]!.id,
        deletedWithVisit: visitSeen(goneVisit.id).photos[0]!.id,
        deletedWithSpot: seenDoomedVisits.items[0]!.photos[0]!.id,
      },
    };

    // Then Bob takes it back: private, and some of it deleted.
    await ok(as(bob, 'PATCH', `/api/v1/locations/${kept.id}`, { is_public: false }), 200);
    await ok(as(bob, 'DELETE', `/api/v1/locations/${kept.id}/photos/${ids.photo.deleted}`), 200);
    await ok(
      as(bob, 'DELETE', `/api/v1/locations/${kept.id}/visits/${keptVisit.id}/photos/${ids.visitPhoto.deleted}`),
      200,
    );
    await ok(as(bob, 'DELETE', `/api/v1/locations/${kept.id}/visits/${goneVisit.id}`), 204);
    await ok(as(bob, 'DELETE', `/api/v1/locations/${doomed.id}`), 204);
    expect((await as(alice, 'GET', `/api/v1/locations/${kept.id}`)).statusCode).toBe(404);
    expect(doomedVisit.photos).toHaveLength(1);
    return ids;
  }

  return { as, jpeg, createWithPhoto, addPhoto, visitBody, spotWithPhoto, bobsThingsAliceSaw };
}
