import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { createSpotByApi, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

const foray = useForay();

describe('export', () => {
  it('downloads one’s spots as GeoJSON from the Locations tab, and another forager’s private spot is not in it', async () => {
    const other = await foray.newPage();
    await signedInUser(other.page, foray, uniqueEmail('export-other'));
    await createSpotByApi(other.page, foray.baseUrl, { mushroom_types: 'Not yours', latitude: 55.0, longitude: 24.0 });

    const { page } = await foray.newPage();
    await signedInUser(page, foray, uniqueEmail('export'));
    const spot = await createSpotByApi(page, foray.baseUrl, { mushroom_types: 'Raudonviršiai', notes: 'By the birches', latitude: 54.6872123, longitude: 25.2797456 });
    await createSpotByApi(page, foray.baseUrl, { type: 'car_park', mushroom_types: 'Forest road', latitude: 54.69, longitude: 25.28 });
    await page.reload();
    await openTab(page, 'locations');
    await page.getByRole('button', { name: exactly(en('export.open')) }).click();

    const dialog = page.getByRole('dialog', { name: exactly(en('export.title')) });
    await expectVisible(dialog);
    await dialog.getByLabel(en('export.format')).selectOption({ label: en('export.formats.geojson') });
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: exactly(en('export.download')) }).click()]);
    expect(download.suggestedFilename()).toMatch(/^foray-spots-\d{4}-\d{2}-\d{2}\.geojson$/);
    await expectToast(page, { title: en('export.done') });
    await expectGone(dialog);

    const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
      type: string;
      features: Array<{ id: string; geometry: { coordinates: number[] }; properties: { mushroom_types: string; notes: string | null } }>;
    };
    expect(file.type).toBe('FeatureCollection');
    expect(file.features.map((feature) => feature.properties.mushroom_types).sort()).toEqual(['Forest road', 'Raudonviršiai']);
    const first = file.features.find((feature) => feature.id === spot.id)!;
    expect(first.geometry.coordinates).toEqual([25.2797456, 54.6872123]);
    expect(first.properties.notes).toBe('By the birches');
  });
});
