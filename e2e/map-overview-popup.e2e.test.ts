import { describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { everythingStoredIn } from './support/device.ts';
import { createSpotByApi, mapOf, markerOf } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectVisible } from './support/ui.ts';

// In the overview (ADR 0034) the tiles' markers are lean: a lone pin's popup reads its spot by id when opened
// (ADR 0026, issue #10). Past 20 spots in view the map shows the overview; below, the spots' map draws pins, and
// their popups read the spot by id too, or with no signal take the device's copy (ADR 0065).
const foray = useForay({ env: { MAP_OVERVIEW_FROM: '20' } });

const KAUNAS = { latitude: 54.9, longitude: 23.9 };
const KLAIPEDA = { latitude: 55.71, longitude: 21.13 };
const UTENA = { latitude: 55.5, longitude: 25.6 };
const SIAULIAI = { latitude: 55.93, longitude: 23.31 };
const PANEVEZYS = { latitude: 55.73, longitude: 24.36 };
const ALYTUS = { latitude: 54.4, longitude: 24.05 };

describe('a lone pin of the overview', () => {
  it('opens the spot’s popup, read by id, on a tap or Enter: another forager’s shared spot and one’s own', async () => {
    const other = await foray.newPage();
    await signedInUser(other.page, foray, uniqueEmail('shares'));
    await createSpotByApi(other.page, foray.baseUrl, {
      mushroom_types: 'Lone chanterelle',
      notes: 'By the dune path',
      ...KLAIPEDA,
      is_public: true,
    });
    // Hers and private, a few hundred metres away: never drawn, never counted for anyone else.
    await createSpotByApi(other.page, foray.baseUrl, {
      mushroom_types: 'Hidden cep',
      latitude: KLAIPEDA.latitude + 0.3,
      longitude: KLAIPEDA.longitude + 0.4,
    });

    const { page } = await foray.newPage();
    await signedInUser(page, foray, uniqueEmail('overview-popup'));
    for (let start = 0; start < 24; start += 8) {
      await Promise.all(
        Array.from({ length: 8 }, (_, k) => start + k).map((i) =>
          createSpotByApi(page, foray.baseUrl, {
            mushroom_types: `Kaunas ${i}`,
            latitude: KAUNAS.latitude + ((i * 7) % 10) / 200,
            longitude: KAUNAS.longitude + ((i * 3) % 10) / 200,
          }),
        ),
      );
    }
    await createSpotByApi(page, foray.baseUrl, { type: 'car_park', mushroom_types: '', ...UTENA });
    // The spots of an area (the map's box) and single spots by id; the device's own copy refreshes on its own.
    const areas: string[] = [];
    const byId: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/locations' && url.searchParams.has('bbox')) areas.push(url.search);
      if (/^\/api\/v1\/locations\/[0-9a-f-]{36}$/.test(url.pathname)) byId.push(url.pathname);
    });
    await page.reload();

    // 26 in view: the overview, with the Kaunas spots in one bubble and the two lone spots as pins.
    await expectVisible(page.getByText(exactly(en('map.locationCount_other', { count: 26 }))));
    const lonePin = page.getByRole('button', {
      name: exactly(en('map.overviewPin', { type: en('locationTypes.mushroom_spot') })),
    });
    await expectVisible(lonePin);
    expect(await lonePin.count()).toBe(1);
    expect(byId).toEqual([]);

    await lonePin.click();
    const popup = mapOf(page).locator('.leaflet-popup');
    await expectVisible(popup.getByRole('heading', { name: exactly('Lone chanterelle') }));
    await expectVisible(popup.getByText(exactly(en('map.popupFinder', { finder: 'Ona' }))));
    await expectVisible(popup.getByText(exactly('By the dune path')));
    // Not hers to edit.
    expect(await popup.getByRole('button', { name: exactly(en('locations.edit')) }).count()).toBe(0);
    // Read by its id alone, when opened: no spots of any area were asked for.
    expect(new Set(byId).size).toBe(1);

    // One's own car park, from the keyboard: its popup has the owner's actions.
    const carPin = page.getByRole('button', {
      name: exactly(en('map.overviewPin', { type: en('locationTypes.car_park') })),
    });
    await carPin.focus();
    await page.keyboard.press('Enter');
    await expectVisible(popup.getByRole('heading', { name: exactly(en('locationTypes.car_park')) }));
    await expectVisible(popup.getByRole('button', { name: exactly(en('locations.edit')) }));
    expect(new Set(byId).size).toBe(2);
    expect(areas).toEqual([]);
    // The private spot of the other forager is in no count and no pin.
    await expectVisible(page.getByText(exactly(en('map.locationCount_other', { count: 26 }))));
  });
});

describe('a pin of the spots’ map', () => {
  it('loads as a pin with no details, opens its popup by id, and with no signal from the device’s copy', async () => {
    const other = await foray.newPage();
    await signedInUser(other.page, foray, uniqueEmail('pins-other'));
    await createSpotByApi(other.page, foray.baseUrl, {
      mushroom_types: 'Pinned chanterelle',
      notes: 'Behind the old oak',
      ...SIAULIAI,
      is_public: true,
    });
    await createSpotByApi(other.page, foray.baseUrl, {
      mushroom_types: 'Never opened',
      notes: 'By the railway',
      ...PANEVEZYS,
      is_public: true,
    });

    const session = await foray.newPage();
    const { page, context } = session;
    // With no signal, requests that miss every cache fail, and Chromium logs each one.
    session.errors.allow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|Failed to load resource/);
    await signedInUser(page, foray, uniqueEmail('pins'));
    await createSpotByApi(page, foray.baseUrl, { mushroom_types: 'My bolete', notes: 'Under the spruce', ...ALYTUS });
    const pinAnswers: string[] = [];
    const byId: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/v1/map/pins') void response.text().then((body) => pinAnswers.push(body));
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/api\/v1\/locations\/[0-9a-f-]{36}$/.test(url.pathname)) byId.push(url.pathname);
    });
    await page.reload();

    // A few spots in view (the other test's public one too): the spots' map, drawn from pins that carry names but no
    // notes.
    const otherPin = markerOf(page, 'mushroom_spot', 'Pinned chanterelle');
    await expectVisible(otherPin);
    await expect.poll(() => pinAnswers.length).toBeGreaterThan(0);
    for (const answer of pinAnswers) {
      expect(answer).toContain('Pinned chanterelle');
      for (const detail of ['Behind the old oak', 'By the railway', 'Under the spruce', 'Ona'])
        expect(answer).not.toContain(detail);
    }
    expect(byId).toEqual([]);

    // Opened: read by id, with its details.
    await otherPin.click();
    const popup = mapOf(page).locator('.leaflet-popup');
    await expectVisible(popup.getByText(exactly('Behind the old oak')));
    expect(byId).toHaveLength(1);
    // Closed, and gone from the page once it has faded out.
    const closePopup = async () => {
      await page.getByRole('button', { name: exactly(en('map.closePopup')) }).click();
      await expect.poll(() => popup.count()).toBe(0);
    };
    await closePopup();
    // One's own spots are kept whole on the device by their own refresh, the spot opened once it was read.
    await expect
      .poll(async () => {
        const stored = (await everythingStoredIn(page)).indexedDb.join('\n');
        return stored.includes('Under the spruce') && stored.includes('Behind the old oak');
      })
      .toBe(true);

    // No signal: the same popups, from the device's copy; a spot never opened says it can't be read now.
    await context.setOffline(true);
    await expectVisible(page.getByRole('status').filter({ hasText: exactly(en('offline.offline')) }));
    await otherPin.click();
    await expectVisible(popup.getByText(exactly('Behind the old oak')));
    await closePopup();
    await markerOf(page, 'mushroom_spot', 'My bolete').click();
    await expectVisible(popup.getByText(exactly('Under the spruce')));
    await closePopup();
    await markerOf(page, 'mushroom_spot', 'Never opened').click();
    await expectVisible(popup.getByText(exactly(en('map.spotUnreachable'))));
    expect(byId).toHaveLength(1);
    await context.setOffline(false);
  });
});
