// Taking it back, from every device (issue #20): a spot another forager's phone keeps leaves that phone — its
// device database, its cached photos, the list and the map — the next time the phone reaches the server after the
// owner made it private, without its user looking at that area again. Offline, the phone keeps what it has.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Spot } from '../common/schemas/spots.ts';
import { uniqueEmail } from './support/accounts.ts';
import { everythingStoredIn } from './support/device.ts';
import { SYNC_TIMEOUT_MS, useOfflineForay } from './support/offline.ts';
import { jpegPhoto } from './support/photos.ts';
import { cardOf, createSpotByApi, mapOf, markerOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

const offline = useOfflineForay();
const TITLE = 'Ceps by the old oak';
const OWN_TITLE = 'My own chanterelles';
const NEAR = { latitude: 55.2, longitude: 23.9 };
const FAR = { latitude: 54.4, longitude: 25.4 };
/** A cache of the origin other than the worker's own photo cache (`foray-photos`, ADR 0074). */
const OTHER_CACHE = 'kept-photos';

/** Where the phone holds the spot: records of its device database, and cached addresses of its photos. */
async function heldOn(page: Page, spot: Spot) {
  const stored = await everythingStoredIn(page);
  const keys = spot.photos.flatMap((photo) => [photo.url, photo.thumbnail_url]);
  return {
    records: stored.indexedDb.filter((row) => row.includes(spot.id)).length,
    photos: Object.values(stored.caches)
      .flat()
      .filter((url) => keys.some((key) => url.endsWith(key))).length,
  };
}

/**
 * "Locate me" takes a fix up to 5 s old from the browser (locate-button.tsx): a forager moves a few metres in that
 * time, but this test jumps 100 km at once, so it lets the last fix age past that before it asks.
 */
const LOCATE_REUSES_FIX_MS = 5_000;

async function locate(page: Page, position: { latitude: number; longitude: number }) {
  await page.context().setGeolocation(position);
  await page.waitForTimeout(LOCATE_REUSES_FIX_MS + 500);
  await page.getByRole('button', { name: exactly(en('map.locateMe')) }).click();
  await expectToast(page, { title: en('map.locateSuccess') });
}

describe('taking a spot back', () => {
  it('a spot made private leaves the phone that kept it once the phone is back online, photos included', async () => {
    // A, the owner: a public spot with a photo.
    const owner = await offline.forager(uniqueEmail('owner'));
    const created = await createSpotByApi(owner.page, offline.foray.baseUrl, {
      mushroom_types: TITLE,
      latitude: NEAR.latitude + 0.002,
      longitude: NEAR.longitude,
      is_public: true,
    });
    const uploaded = await owner.page.request.post(`/api/v1/locations/${created.id}/photos`, {
      headers: { origin: offline.foray.baseUrl },
      multipart: { photo: { name: 'cep.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() } },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    const spot = (await uploaded.json()) as Spot;
    expect(spot.photos).toHaveLength(1);

    // B, on a phone near it: the map shows it, and the phone keeps it for the walk with no signal. B's own spot
    // nearby is kept too, and stays.
    const forager = await offline.forager(uniqueEmail('forager'), { geolocation: NEAR });
    const { page, context } = forager;
    await createSpotByApi(page, offline.foray.baseUrl, {
      mushroom_types: OWN_TITLE,
      latitude: NEAR.latitude - 0.002,
      longitude: NEAR.longitude,
    });
    await page.reload();
    await expectVisible(markerOf(page, 'mushroom_spot', TITLE));
    await expectVisible(markerOf(page, 'mushroom_spot', OWN_TITLE));
    // B opens it: the phone keeps it whole, beside its pin (ADR 0065).
    await markerOf(page, 'mushroom_spot', TITLE).click();
    await expectVisible(
      mapOf(page)
        .locator('.leaflet-popup')
        .getByRole('heading', { name: exactly(TITLE) }),
    );
    await expect
      .poll(
        async () =>
          (await everythingStoredIn(page)).indexedDb.some((row) => row.includes('"notes"') && row.includes(spot.id)),
        {
          timeout: SYNC_TIMEOUT_MS,
        },
      )
      .toBe(true);
    await expect.poll(async () => (await heldOn(page, spot)).records, { timeout: SYNC_TIMEOUT_MS }).toBe(1);
    // Its photo and thumbnail, fetched, are kept by the worker for the forest (ADR 0074); and in another cache, as any
    // of the origin's caches might hold one: taking back must find them everywhere.
    await page.evaluate(async ({ name, urls }) => (await caches.open(name)).addAll(urls), {
      name: OTHER_CACHE,
      urls: [spot.photos[0]!.url, spot.photos[0]!.thumbnail_url],
    });
    await expect.poll(() => heldOn(page, spot), { timeout: SYNC_TIMEOUT_MS }).toEqual({ records: 1, photos: 4 });

    // B walks elsewhere: the spot's area is not on the screen, and is not loaded again from here on.
    await locate(page, FAR);
    await expectGone(markerOf(page, 'mushroom_spot', TITLE));
    expect((await heldOn(page, spot)).records).toBe(1);

    // No signal: the list comes from the phone, which still holds the spot.
    await context.setOffline(true);
    await openTab(page, 'locations');
    await expectVisible(cardOf(page, TITLE));

    // A makes it private meanwhile. B's phone, still offline, keeps what it has.
    const madePrivate = await owner.page.request.patch(`/api/v1/locations/${spot.id}`, {
      headers: { origin: offline.foray.baseUrl },
      data: { is_public: false },
    });
    expect(madePrivate.status(), await madePrivate.text()).toBe(200);
    expect(await heldOn(page, spot)).toEqual({ records: 1, photos: 4 });
    const checksBefore = offline.proxy.count('POST', '/api/v1/locations/check');

    // Back online: the phone checks what it keeps, and the spot leaves it everywhere.
    await context.setOffline(false);
    await expect.poll(() => heldOn(page, spot), { timeout: SYNC_TIMEOUT_MS }).toEqual({ records: 0, photos: 0 });
    expect(offline.proxy.count('POST', '/api/v1/locations/check')).toBeGreaterThan(checksBefore);
    await expectGone(cardOf(page, TITLE));
    await expectVisible(cardOf(page, OWN_TITLE));

    // The map: with no signal again, back at the spot's place, the phone draws only what it still keeps.
    await context.setOffline(true);
    await openTab(page, 'map');
    await locate(page, NEAR);
    await expectVisible(markerOf(page, 'mushroom_spot', OWN_TITLE));
    expect(await markerOf(page, 'mushroom_spot', TITLE).count()).toBe(0);
    expect(await heldOn(page, spot)).toEqual({ records: 0, photos: 0 });
  });

  it('a member removed from the circle loses its spot from the phone once back online', async () => {
    const owner = await offline.forager(uniqueEmail('circle-owner'), { name: null });
    const post = (page: Page, url: string, data: object) =>
      page.request.post(url, { headers: { origin: offline.foray.baseUrl }, data });
    const made = await post(owner.page, '/api/v1/circles', { name: 'Family' });
    expect(made.status(), await made.text()).toBe(201);
    const circle = (await made.json()) as { id: string };
    const invite = (await (await post(owner.page, `/api/v1/circles/${circle.id}/invites`, {})).json()) as {
      token: string;
    };

    // B joins by the link, and A shares a spot with the circle at about 1 km.
    const forager = await offline.forager(uniqueEmail('circle-member'), { geolocation: NEAR });
    const { page, context } = forager;
    const joined = await post(page, `/api/v1/invites/${invite.token}/accept`, {});
    expect(joined.status(), await joined.text()).toBe(200);
    const members = (await (await owner.page.request.get(`/api/v1/circles/${circle.id}/members`)).json()) as {
      items: Array<{ user_id: string; role: string }>;
    };
    const memberId = members.items.find((item) => item.role === 'member')!.user_id;
    const shared = await createSpotByApi(owner.page, offline.foray.baseUrl, {
      mushroom_types: TITLE,
      latitude: NEAR.latitude + 0.002,
      longitude: NEAR.longitude,
      audience: 'circles',
      circle_ids: [circle.id],
      precision: '1km',
    });

    // B's phone shows it as shared through the circle, approximate, and keeps it: B stands at its shown point, up to
    // a kilometre from the true one, so the map opens on the pin and keeps it (ADR 0065).
    const seen = await page.request.get(`/api/v1/locations/${shared.id}`);
    expect(seen.status(), await seen.text()).toBe(200);
    const { latitude, longitude } = (await seen.json()) as Spot;
    await context.setGeolocation({ latitude, longitude });
    await page.reload();
    // Kept by the map, which loads the pins of the view it opens on: before the map's tab is left for the list.
    await expect.poll(async () => (await heldOn(page, shared)).records, { timeout: SYNC_TIMEOUT_MS }).toBe(1);
    await openTab(page, 'locations');
    const card = cardOf(page, TITLE);
    await expectVisible(card);
    // A has chosen no display name: B sees a neutral word, nothing of A's address.
    expect(shared.owner_name).toBeNull();
    await expectVisible(card.getByText(en('sharing.sharedByIn', { owner: en('people.unnamed'), circles: 'Family' })));

    // Offline, B keeps it while A removes B from the circle.
    await context.setOffline(true);
    const removed = await owner.page.request.delete(`/api/v1/circles/${circle.id}/members/${memberId}`, {
      headers: { origin: offline.foray.baseUrl },
    });
    expect(removed.status(), await removed.text()).toBe(204);
    await expectVisible(cardOf(page, TITLE));
    expect((await heldOn(page, shared)).records).toBe(1);

    // Back online: gone from the phone's database and the list, without B looking at that area again.
    await context.setOffline(false);
    await expect.poll(async () => (await heldOn(page, shared)).records, { timeout: SYNC_TIMEOUT_MS }).toBe(0);
    await expectGone(cardOf(page, TITLE));
    expect((await page.request.get(`/api/v1/locations/${shared.id}`)).status()).toBe(404);
  });
});
