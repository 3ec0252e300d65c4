import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { mapOf } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectToast, expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

const foray = useForay();

const VILNIUS = { latitude: 54.6872, longitude: 25.2797 };
const KAUNAS = { latitude: 54.8985, longitude: 23.9036 };
const DEFAULT_CENTRE = { latitude: 55.1694, longitude: 23.8813 };

/** The map's zoom and centre, read from the tiles it asked for: the tile at the point, at that zoom. */
const fetchedTile = (zoom: number, at: { latitude: number; longitude: number }, layer: 'street' | 'satellite' = 'street') =>
  expect.poll(() => foray.tiles.fetchedTileAt(layer, zoom, at.latitude, at.longitude), { timeout: UI_TIMEOUT_MS });

describe('the map', () => {
  it('centres on the forager at zoom 14 when location is allowed, and says so', async () => {
    const { page } = await foray.newPage({ permissions: ['geolocation'], geolocation: VILNIUS });
    foray.tiles.reset();
    await signedInUser(page, foray);
    await expectToast(page, { title: en('map.mapLocationFound') });
    await fetchedTile(14, VILNIUS).toBe(true);
  });

  it('stays on Lithuania at zoom 7 and explains, when location is refused; locate-me then fails clearly', async () => {
    const { page, context } = await foray.newPage();
    await context.clearPermissions();
    foray.tiles.reset();
    await signedInUser(page, foray);
    await expectToast(page, {
      destructive: true,
      title: en('map.mapLocationDenied'),
      description: en('map.mapLocationDeniedDescription'),
    });
    await fetchedTile(7, DEFAULT_CENTRE).toBe(true);
    expect(foray.tiles.requests.street.some((tile) => tile.z > 7)).toBe(false);

    await page.getByRole('button', { name: exactly(en('map.locateMe')) }).click();
    await expectToast(page, {
      destructive: true,
      title: en('map.locateFailed'),
      description: en('map.mapLocationDeniedDescription'),
    });
  });

  it('locate-me flies to the forager at zoom 16 and marks "you are here"', async () => {
    const { page } = await foray.newPage({ permissions: ['geolocation'], geolocation: KAUNAS });
    await signedInUser(page, foray);
    await expectToast(page, { title: en('map.mapLocationFound') });
    await fetchedTile(14, KAUNAS).toBe(true);
    // (The app accepts a position fix up to 30 s old, so the forager stays put here.)
    foray.tiles.reset();
    await page.getByRole('button', { name: exactly(en('map.locateMe')) }).click();
    await expectToast(page, { title: en('map.locateSuccess') });
    // A permanent label on the marker, inside the map (the toast above says the same, outside it).
    await expectVisible(mapOf(page).getByText(en('map.youAreHere'), { exact: true }));
    await fetchedTile(16, KAUNAS).toBe(true);
  });

  it('switches the base layer, fetching the new layer’s tiles', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray);
    await expectVisible(mapOf(page));
    await expect.poll(() => foray.tiles.requests.street.length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);

    for (const layer of ['satellite', 'topo', 'dark'] as const) {
      expect(foray.tiles.requests[layer]).toEqual([]);
      await page.getByLabel(en('map.baseLayer')).selectOption({ label: en(`map.layers.${layer}`) });
      await expect.poll(() => foray.tiles.requests[layer].length, { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
    }
  });
});
