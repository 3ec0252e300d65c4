import { describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { createSpotByApi, mapOf } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectVisible } from './support/ui.ts';

// In the overview (ADR 0034) the tiles' markers are lean: a lone pin's popup reads its spot by id when opened
// (ADR 0026, issue #10). Past 20 spots in view the map shows the overview.
const foray = useForay({ env: { MAP_OVERVIEW_FROM: '20' } });

const KAUNAS = { latitude: 54.9, longitude: 23.9 };
const KLAIPEDA = { latitude: 55.71, longitude: 21.13 };
const UTENA = { latitude: 55.5, longitude: 25.6 };

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
