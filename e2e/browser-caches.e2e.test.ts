// What the browser keeps of a spot, and what is left of it once it is taken back (ADR 0074). The browser's HTTP cache
// keeps nothing private: every API answer about spots, photos and tiles says no-store, and an older Foray's copies go
// when a device check takes a spot back and at sign-out. Photos live only in the service worker's Cache Storage, asked
// of the server each time they are shown and there for the forest with no signal, and the app empties it.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import type { Spot } from '../common/schemas/spots.ts';
import { uniqueEmail } from './support/accounts.ts';
import { circleByApi, joinByApi } from './support/circles.ts';
import { everythingStoredIn, heldInHttpCache } from './support/device.ts';
import { SYNC_TIMEOUT_MS, useOfflineForay } from './support/offline.ts';
import { jpegPhoto } from './support/photos.ts';
import { cardOf, createSpotByApi, imageLoaded, mapOf, markerOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

const offline = useOfflineForay();
const NEAR = { latitude: 55.2, longitude: 23.9 };
const PHOTO_CACHE = 'foray-photos';
/** What Foray answered for photos and counted tiles before ADR 0074: kept by the browser, asked about again. */
const OLDER_FORAY = 'private, no-cache';

const keysOf = (spot: Spot) => spot.photos.flatMap((photo) => [photo.url, photo.thumbnail_url]);

async function spotWithPhoto(page: Page, fields: Parameters<typeof createSpotByApi>[2]): Promise<Spot> {
  const created = await createSpotByApi(page, offline.foray.baseUrl, fields);
  const uploaded = await page.request.post(`/api/v1/locations/${created.id}/photos`, {
    headers: { origin: offline.foray.baseUrl },
    multipart: { photo: { name: 'cep.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const spot = (await uploaded.json()) as Spot;
  expect(spot.photos).toHaveLength(1);
  return spot;
}

/** The private API requests the page makes from now on (tiles, pins, spots, photos), by absolute address. */
function watchRequests(page: Page): { urls: (pattern: RegExp) => string[] } {
  const seen = new Set<string>();
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/')) seen.add(request.url());
  });
  return { urls: (pattern) => [...seen].filter((url) => pattern.test(new URL(url).pathname)) };
}

/** Everything the page's Cache Storage and IndexedDB hold that names this spot or one of its photos. */
async function keptOf(page: Page, spot: Spot) {
  const stored = await everythingStoredIn(page);
  const names = [spot.id, ...keysOf(spot).map((url) => url.split('/').pop()!)];
  return {
    records: stored.indexedDb.filter((row) => names.some((name) => row.includes(name))),
    cached: Object.entries(stored.caches).flatMap(([cache, urls]) =>
      urls.filter((url) => names.some((name) => url.includes(name))).map((url) => `${cache}: ${url}`),
    ),
  };
}

const photoCache = async (page: Page) => (await everythingStoredIn(page)).caches[PHOTO_CACHE] ?? [];
const absolute = (page: Page, urls: string[]) => urls.map((url) => new URL(url, page.url()).href);

/** A, and B on a phone near A's two spots shared with their circle, each with a photo. */
async function circleWithTwoSpots(labels: { owner: string; member: string }) {
  const owner = await offline.forager(uniqueEmail(labels.owner));
  const circle = await circleByApi(owner.page, offline.foray.baseUrl, 'Family');
  const member = await offline.forager(uniqueEmail(labels.member), { geolocation: NEAR });
  await joinByApi(owner.page, member.page, offline.foray.baseUrl, circle.id);
  const shared = { audience: 'circles' as const, circle_ids: [circle.id], precision: 'exact' as const };
  const takenBack = await spotWithPhoto(owner.page, {
    mushroom_types: 'Ceps by the old oak',
    latitude: NEAR.latitude + 0.002,
    longitude: NEAR.longitude,
    ...shared,
  });
  const staying = await spotWithPhoto(owner.page, {
    mushroom_types: 'Chanterelles by the lake',
    latitude: NEAR.latitude - 0.002,
    longitude: NEAR.longitude,
    ...shared,
  });
  return { owner, member, takenBack, staying };
}

/**
 * B opens the app: the map loads its counted tiles and pins, B opens each spot's popup (the phone keeps the spot whole)
 * and looks at its photos in the list and the viewer.
 */
async function look(page: Page, spots: Spot[]) {
  const requests = watchRequests(page);
  await page.reload();
  const popup = mapOf(page).locator('.leaflet-popup');
  for (const spot of spots) {
    await markerOf(page, 'mushroom_spot', spot.mushroom_types).click();
    await expectVisible(popup.getByRole('heading', { name: exactly(spot.mushroom_types) }));
    // Closed before the next: an open popup may lie over the next pin. On a phone its close button may sit under the
    // header, so the click is sent to the button itself.
    await page.getByRole('button', { name: exactly(en('map.closePopup')) }).dispatchEvent('click');
    await expect.poll(() => popup.count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
  }
  await openTab(page, 'locations');
  for (const spot of spots) {
    const cover = cardOf(page, spot.mushroom_types).getByRole('button', {
      name: exactly(en('photos.view', { title: spot.mushroom_types })),
    });
    await expect.poll(() => imageLoaded(cover.getByRole('img')), { timeout: UI_TIMEOUT_MS }).toBe(true);
    await cover.click();
    const viewer = page.getByRole('dialog', {
      name: exactly(en('photos.viewerTitle', { title: spot.mushroom_types })),
    });
    await expect.poll(() => imageLoaded(viewer.getByRole('img')), { timeout: UI_TIMEOUT_MS }).toBe(true);
    await page.keyboard.press('Escape');
    await expectGone(viewer);
  }
  const tiles = requests.urls(/^\/api\/v1\/map\/tiles\//);
  expect(tiles.length, 'the map asked for its counted tiles').toBeGreaterThan(0);
  return { requests, tiles };
}

/** A takes the spot back from the circle; B's phone, back from a moment without signal, runs its check. */
async function takeBackAndCheck(owner: Page, member: { page: Page; context: BrowserContext }, spot: Spot) {
  const madePrivate = await owner.request.patch(`/api/v1/locations/${spot.id}`, {
    headers: { origin: offline.foray.baseUrl },
    data: { audience: 'private' },
  });
  expect(madePrivate.status(), await madePrivate.text()).toBe(200);
  const checks = offline.proxy.count('POST', '/api/v1/locations/check');
  await member.context.setOffline(true);
  await member.context.setOffline(false);
  await expect.poll(async () => (await keptOf(member.page, spot)).records.length, { timeout: SYNC_TIMEOUT_MS }).toBe(0);
  expect(offline.proxy.count('POST', '/api/v1/locations/check')).toBeGreaterThan(checks);
  await expectGone(cardOf(member.page, spot.mushroom_types));
}

describe('what the browser keeps of a spot', () => {
  it('a spot taken back leaves nothing in any of the phone’s caches: HTTP cache, Cache Storage, IndexedDB', async () => {
    const { owner, member, takenBack, staying } = await circleWithTwoSpots({ owner: 'owner', member: 'member' });
    const { page } = member;
    const { requests, tiles } = await look(page, [takenBack, staying]);
    // The tiles B's map loaded name the spot: they are private answers too.
    const tileAnswers = await Promise.all(tiles.map(async (url) => (await page.request.get(url)).text()));
    expect(tileAnswers.some((answer) => answer.includes(takenBack.id))).toBe(true);

    // While B looks: the HTTP cache holds none of the private answers (it does hold the public settings: the probe
    // sees what is there); the phone keeps the opened spot whole, and the photos in the worker's cache for no signal.
    const privateUrls = () =>
      absolute(page, [
        ...keysOf(takenBack),
        ...keysOf(staying),
        ...tiles,
        ...requests.urls(/^\/api\/v1\/map\/(pins|count)$/),
        ...requests.urls(/^\/api\/v1\/locations(\/|$)/),
      ]);
    expect(await heldInHttpCache(page, privateUrls())).toEqual([]);
    expect(await heldInHttpCache(page, absolute(page, ['/api/v1/config']))).toHaveLength(1);
    await expect.poll(async () => (await keptOf(page, takenBack)).records.length, { timeout: SYNC_TIMEOUT_MS }).toBe(1);
    await expect
      .poll(() => photoCache(page), { timeout: UI_TIMEOUT_MS })
      .toEqual(expect.arrayContaining(absolute(page, [...keysOf(takenBack), ...keysOf(staying)])));
    // The worker would answer the same request from its photo cache: the probe goes around it.
    const viaWorker = await page.evaluate(
      (url) => fetch(url, { cache: 'only-if-cached', mode: 'same-origin' }).then((answer) => answer.status),
      takenBack.photos[0]!.thumbnail_url,
    );
    expect(viaWorker).toBe(200);

    await takeBackAndCheck(owner.page, member, takenBack);

    // Nothing of it is left anywhere the browser keeps things, though nothing asked for its addresses again.
    expect(await keptOf(page, takenBack)).toEqual({ records: [], cached: [] });
    expect(await heldInHttpCache(page, privateUrls())).toEqual([]);
    for (const url of keysOf(takenBack)) expect((await page.request.get(url)).status()).toBe(404);
    // The spot that stays keeps its photos for the forest.
    expect(await photoCache(page)).toEqual(expect.arrayContaining(absolute(page, keysOf(staying))));
    expect((await photoCache(page)).filter((url) => !absolute(page, keysOf(staying)).includes(url))).toEqual([]);
  });

  it('one’s own photos show with no signal, from the worker’s cache; online, a current one costs a 304', async () => {
    const { page, context } = await offline.forager(uniqueEmail('own'));
    const spot = await spotWithPhoto(page, { mushroom_types: 'My own chanterelles', is_public: false });
    const title = spot.mushroom_types;
    const cover = () =>
      cardOf(page, title)
        .getByRole('button', { name: exactly(en('photos.view', { title })) })
        .getByRole('img');
    await page.reload();
    await openTab(page, 'locations');
    await expect.poll(() => imageLoaded(cover()), { timeout: UI_TIMEOUT_MS }).toBe(true);
    await expect
      .poll(() => photoCache(page), { timeout: UI_TIMEOUT_MS })
      .toContain(absolute(page, [spot.thumbnail_url!])[0]);
    expect(await heldInHttpCache(page, absolute(page, keysOf(spot)))).toEqual([]);

    // Shown again online: the server is asked, and answers that the kept copy is current.
    const thumbnail = spot.thumbnail_url!;
    const asked = offline.proxy.statuses('GET', thumbnail).length;
    await page.reload();
    await openTab(page, 'locations');
    await expect.poll(() => imageLoaded(cover()), { timeout: UI_TIMEOUT_MS }).toBe(true);
    const again = () => offline.proxy.statuses('GET', thumbnail).slice(asked);
    await expect.poll(() => again().includes(304), { timeout: UI_TIMEOUT_MS }).toBe(true);
    expect(again().every((status) => status === 304)).toBe(true);

    // No signal: the app starts from the phone, and the photo with it.
    await context.setOffline(true);
    await page.reload();
    await openTab(page, 'locations');
    await expectVisible(cardOf(page, title));
    await expect.poll(() => imageLoaded(cover()), { timeout: UI_TIMEOUT_MS }).toBe(true);
    await context.setOffline(false);

    // Sign-out: the kept photos go, and so does whatever the HTTP cache held of this origin — here an answer kept under
    // an older Foray's headers, which the worker did not see.
    offline.proxy.rewriteHeaders((request, headers) =>
      request.path.startsWith('/api/v1/photos/') ? { ...headers, 'cache-control': OLDER_FORAY } : headers,
    );
    const legacy = absolute(page, [`${thumbnail}?kept-by-an-older-foray`]);
    await page.evaluate((url) => fetch(url).then((answer) => answer.blob()), legacy[0]!);
    offline.proxy.rewriteHeaders(null);
    expect(await heldInHttpCache(page, legacy)).toEqual(legacy);
    await page.getByRole('button', { name: exactly(en('auth.signOut')) }).click();
    await expectVisible(page.getByRole('heading', { name: exactly(en('auth.signInHeading')) }));
    expect((await everythingStoredIn(page)).caches[PHOTO_CACHE]).toBeUndefined();
    expect(await heldInHttpCache(page, legacy)).toEqual([]);
  });

  it('copies an older Foray let the browser keep go when the device check takes their spot back', async () => {
    const { owner, member, takenBack, staying } = await circleWithTwoSpots({
      owner: 'older-owner',
      member: 'older-member',
    });
    const { page } = member;
    // Until the upgrade, photos and counted tiles came as `private, no-cache`: the browser kept them on disk.
    offline.proxy.rewriteHeaders((request, headers) =>
      /^\/api\/v1\/(photos|map\/tiles)\//.test(request.path) ? { ...headers, 'cache-control': OLDER_FORAY } : headers,
    );
    const { tiles } = await look(page, [takenBack, staying]);
    offline.proxy.rewriteHeaders(null);
    const older = absolute(page, [...keysOf(takenBack), ...tiles]);
    expect((await heldInHttpCache(page, older)).length).toBeGreaterThan(0);

    await takeBackAndCheck(owner.page, member, takenBack);

    expect(await heldInHttpCache(page, older)).toEqual([]);
    expect(await keptOf(page, takenBack)).toEqual({ records: [], cached: [] });
    expect(await photoCache(page)).toEqual(expect.arrayContaining(absolute(page, keysOf(staying))));
  });
});
