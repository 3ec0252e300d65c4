import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { createSpotByApi, markerOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { jpegPhoto } from './support/photos.ts';
import type { Spot } from '../common/schemas/spots.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

const foray = useForay();

const VILNIUS = { latitude: 54.6872, longitude: 25.2797 };

describe('export', () => {
  it('downloads one’s spots as GeoJSON from the Locations tab, and another forager’s private spot is not in it', async () => {
    const other = await foray.newPage();
    await signedInUser(other.page, foray, uniqueEmail('export-other'));
    await createSpotByApi(other.page, foray.baseUrl, { mushroom_types: 'Not yours', latitude: 55.0, longitude: 24.0 });

    const { page } = await foray.newPage();
    await signedInUser(page, foray, uniqueEmail('export'));
    const spot = await createSpotByApi(page, foray.baseUrl, {
      mushroom_types: 'Raudonviršiai',
      notes: 'By the birches',
      latitude: 54.6872123,
      longitude: 25.2797456,
    });
    await createSpotByApi(page, foray.baseUrl, {
      type: 'car_park',
      mushroom_types: 'Forest road',
      latitude: 54.69,
      longitude: 25.28,
    });
    await page.reload();
    await openTab(page, 'locations');
    await page.getByRole('button', { name: exactly(en('export.open')) }).click();

    const dialog = page.getByRole('dialog', { name: exactly(en('export.title')) });
    await expectVisible(dialog);
    await dialog.getByLabel(en('export.format')).selectOption({ label: en('export.formats.geojson') });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: exactly(en('export.download')) }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^foray-spots-\d{4}-\d{2}-\d{2}\.geojson$/);
    await expectToast(page, { title: en('export.done') });
    await expectGone(dialog);

    const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
      type: string;
      features: Array<{
        id: string;
        geometry: { coordinates: number[] };
        properties: { mushroom_types: string; notes: string | null };
      }>;
    };
    expect(file.type).toBe('FeatureCollection');
    expect(file.features.map((feature) => feature.properties.mushroom_types).sort()).toEqual([
      'Forest road',
      'Raudonviršiai',
    ]);
    const first = file.features.find((feature) => feature.id === spot.id)!;
    expect(first.geometry.coordinates).toEqual([25.2797456, 54.6872123]);
    expect(first.properties.notes).toBe('By the birches');
  });

  it('exports only the area on the map when asked: spots inside the view are in the file, those outside are not', async () => {
    // Located in Vilnius, the map opens there at street zoom: Kaunas and Trakai are off screen.
    const { page } = await foray.newPage({ permissions: ['geolocation'], geolocation: VILNIUS });
    await signedInUser(page, foray, uniqueEmail('export-area'));
    await createSpotByApi(page, foray.baseUrl, { mushroom_types: 'In the old town', ...VILNIUS });
    await createSpotByApi(page, foray.baseUrl, { mushroom_types: 'In Kaunas', latitude: 54.8985, longitude: 23.9036 });
    await createSpotByApi(page, foray.baseUrl, { mushroom_types: 'By Trakai', latitude: 54.6378, longitude: 24.9343 });
    await page.reload();
    await expectToast(page, { title: en('map.mapLocationFound') });
    await expectVisible(markerOf(page, 'mushroom_spot', 'In the old town'));
    await expectGone(markerOf(page, 'mushroom_spot', 'In Kaunas'));

    await openTab(page, 'locations');
    await page.getByRole('button', { name: exactly(en('export.open')) }).click();
    const dialog = page.getByRole('dialog', { name: exactly(en('export.title')) });
    await dialog.getByLabel(en('export.format')).selectOption({ label: en('export.formats.geojson') });
    await dialog.getByLabel(en('export.where')).selectOption({ label: en('export.whereShown') });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: exactly(en('export.download')) }).click(),
    ]);
    const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
      features: Array<{ properties: { mushroom_types: string } }>;
    };
    expect(file.features.map((feature) => feature.properties.mushroom_types)).toEqual(['In the old town']);
  });

  it('exports "everything" as a zip with photos, and a second forager imports it through the preview: same spot, place and photo, private', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray, uniqueEmail('zip-from'));
    const spot = await createSpotByApi(page, foray.baseUrl, {
      mushroom_types: 'Kazlėkai',
      notes: 'Past the second ditch',
      latitude: 54.6012345,
      longitude: 25.1234567,
      date_found: '2025-10-02',
    });
    const added = await page.request.post(`/api/v1/locations/${spot.id}/photos`, {
      headers: { origin: foray.baseUrl },
      multipart: {
        id: crypto.randomUUID(),
        photo: { name: 'kazlekai.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() },
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    await page.reload();
    await openTab(page, 'locations');
    await page.getByRole('button', { name: exactly(en('export.open')) }).click();
    const exportDialog = page.getByRole('dialog', { name: exactly(en('export.title')) });
    await exportDialog.getByLabel(en('export.withPhotos')).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportDialog.getByRole('button', { name: exactly(en('export.download')) }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^foray-spots-\d{4}-\d{2}-\d{2}\.zip$/);
    const zipPath = (await download.path())!;

    const second = await foray.newPage();
    await signedInUser(second.page, foray, uniqueEmail('zip-to'));
    await openTab(second.page, 'locations');
    await second.page.getByRole('button', { name: exactly(en('import.open')) }).click();
    const dialog = second.page.getByRole('dialog', { name: exactly(en('import.title')) });
    await dialog
      .getByLabel(en('import.chooseFile'))
      .setInputFiles({ name: 'foray-spots.zip', mimeType: 'application/zip', buffer: fs.readFileSync(zipPath) });
    // The preview: one spot with its photo, its pin on the map, nothing saved yet.
    await expectVisible(dialog.getByText(en('import.summary_one', { count: 1, name: 'foray-spots.zip' })));
    await expectVisible(dialog.getByText(en('import.summaryPhotos_one', { count: 1 })));
    await expectVisible(dialog.getByRole('img', { name: en('import.mapLabel_one', { count: 1 }) }));
    expect(await spotsOf(second.page)).toEqual([]);
    // Who sees it: the file keeps the spot to its owner, so even "Everyone" leaves it the importer's alone, and the
    // preview says so before anything is saved.
    await expectVisible(dialog.getByText(en('import.onlyYou_one', { count: 1 })));
    await dialog.getByLabel(en('import.sharing')).selectOption('public');
    await expectVisible(dialog.getByText(en('import.fileNarrows')));
    await expectVisible(dialog.getByText(en('import.onlyYou_one', { count: 1 })));
    await dialog.getByRole('button', { name: exactly(en('import.confirm_one', { count: 1 })) }).click();
    await expectToast(second.page, { title: en('import.done_one', { count: 1 }) });
    await expectGone(dialog);

    const [imported] = await spotsOf(second.page);
    expect(imported).toMatchObject({
      mushroom_types: 'Kazlėkai',
      notes: 'Past the second ditch',
      date_found: '2025-10-02',
      is_public: false,
      is_owner: true,
    });
    expect(Math.abs(imported!.latitude - spot.latitude)).toBeLessThan(1e-6);
    expect(Math.abs(imported!.longitude - spot.longitude)).toBeLessThan(1e-6);
    expect(imported!.photos).toHaveLength(1);
    expect((await second.page.request.get(imported!.photos[0]!.url)).status()).toBe(200);
    await expectVisible(second.page.getByText('Kazlėkai'));

    // The same file again: the spot is now recognised as one the forager has, and nothing is offered to import.
    await second.page.getByRole('button', { name: exactly(en('import.open')) }).click();
    await dialog
      .getByLabel(en('import.chooseFile'))
      .setInputFiles({ name: 'foray-spots.zip', mimeType: 'application/zip', buffer: fs.readFileSync(zipPath) });
    await expectVisible(dialog.getByText(en('import.summaryDuplicates_one', { count: 1 })));
    expect(
      await dialog.getByRole('button', { name: exactly(en('import.confirm_other', { count: 0 })) }).isDisabled(),
    ).toBe(true);
  });
});

async function spotsOf(page: import('playwright-core').Page): Promise<Spot[]> {
  const response = await page.request.get('/api/v1/locations');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Spot[] }).items;
}
