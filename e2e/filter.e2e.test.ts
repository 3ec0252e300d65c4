import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { useOfflineForay, pendingMarker, recordSpot } from './support/offline.ts';
import { cardOf, createSpotByApi, markerOf, openTab } from './support/spots.ts';
import { en, exactly, lt } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

// Behind the recording proxy, on a phone-sized page with the service worker in control: the same forager
// can then lose the network and reload.
const offline = useOfflineForay();

const filterButton = (page: Page, language: 'en' | 'lt', count = 0) =>
  page.getByRole('button', {
    name: exactly(
      count
        ? (language === 'en' ? en : lt)('filter.openActive', { count })
        : (language === 'en' ? en : lt)('filter.open'),
    ),
  });

async function filterBySpecies(page: Page, language: 'en' | 'lt', text: string, options: { checkA11y?: boolean } = {}) {
  const words = language === 'en' ? en : lt;
  await filterButton(page, language).click();
  const dialog = page.getByRole('dialog', { name: exactly(words('filter.open')) });
  await expectVisible(dialog);
  if (options.checkA11y) await expectNoSeriousA11yViolations(page, 'filter panel');
  await dialog.getByLabel(words('filter.species')).fill(text);
  await dialog.getByRole('button', { name: exactly(words('filter.apply')) }).click();
  await expectGone(dialog);
}

describe('filter', () => {
  it('finds "Baravykai" for "baravykas" in Lithuanian, on the map and the list, and keeps the filter in the URL across a reload', async () => {
    const { page } = await offline.forager();
    // Far enough apart not to be grouped at the start zoom.
    await createSpotByApi(page, offline.proxy.url, { mushroom_types: 'Baravykai', latitude: 55.3, longitude: 23.2 });
    await createSpotByApi(page, offline.proxy.url, { mushroom_types: 'Voveraitės', latitude: 54.9, longitude: 24.6 });
    await createSpotByApi(page, offline.proxy.url, {
      mushroom_types: 'Raudonviršiai',
      notes: 'Ir keli BARAVYKŲ',
      latitude: 55.6,
      longitude: 24.4,
    });
    await page.reload();
    await page
      .getByRole('group', { name: exactly(en('common.language')) })
      .getByRole('button', { name: 'lt', exact: true })
      .click();
    await expectVisible(page.getByText(exactly(lt('map.locationCount_few', { count: 3 }))));

    await filterBySpecies(page, 'lt', 'baravykas', { checkA11y: true });
    const mushroom = (title: string) =>
      page.getByRole('button', { name: exactly(`${lt('locationTypes.mushroom_spot')}: ${title}`) });
    await expectVisible(page.getByText(exactly(lt('map.locationCount_few', { count: 2 }))));
    await expectVisible(mushroom('Baravykai'));
    await expectVisible(mushroom('Raudonviršiai'));
    expect(await mushroom('Voveraitės').count()).toBe(0);
    await expectVisible(filterButton(page, 'lt', 1));
    expect(new URL(page.url()).searchParams.get('q')).toBe('baravykas');

    await page.getByRole('tab', { name: exactly(lt('tabs.locations')) }).click();
    await expectVisible(cardOf(page, 'Baravykai'));
    await expectVisible(cardOf(page, 'Raudonviršiai'));
    expect(await cardOf(page, 'Voveraitės').count()).toBe(0);

    // A bookmark or a reload brings back the same filtered view.
    await page.reload();
    expect(new URL(page.url()).searchParams.get('q')).toBe('baravykas');
    await expectVisible(filterButton(page, 'lt', 1));
    await expectVisible(page.getByText(exactly(lt('map.locationCount_few', { count: 2 }))));
    await expectVisible(mushroom('Baravykai'));
    expect(await mushroom('Voveraitės').count()).toBe(0);
    await page.getByRole('tab', { name: exactly(lt('tabs.locations')) }).click();
    await expectVisible(cardOf(page, 'Raudonviršiai'));
    expect(await cardOf(page, 'Voveraitės').count()).toBe(0);

    // Clearing it shows everything again and leaves the URL clean.
    await filterButton(page, 'lt', 1).click();
    await page.getByRole('button', { name: exactly(lt('filter.clear')) }).click();
    await expectVisible(cardOf(page, 'Voveraitės'));
    expect(new URL(page.url()).search).toBe('');
    await expectVisible(filterButton(page, 'lt'));
  });

  it('applies the same filter on the device with no network: kept spots and spots waiting to upload', async () => {
    const { page, context } = await offline.forager();
    await createSpotByApi(page, offline.proxy.url, { mushroom_types: 'Baravykai', latitude: 55.3, longitude: 22.9 });
    await createSpotByApi(page, offline.proxy.url, { mushroom_types: 'Voveraitės', latitude: 54.6, longitude: 24.9 });
    await page.reload();
    await expectVisible(page.getByText(exactly(en('map.locationCount_other', { count: 2 }))));
    await filterBySpecies(page, 'en', 'BARAVYKAS');
    await expectVisible(page.getByText(exactly(en('map.locationCount_one', { count: 1 }))));

    await context.setOffline(true);
    await recordSpot(page, 'Baravykų daug');
    await expectToast(page, { title: en('offline.savedOnDeviceTitle') });
    await recordSpot(page, 'Ūmėdės', { dy: -100 });
    await expectToast(page, { title: en('offline.savedOnDeviceTitle') });
    await expectVisible(pendingMarker(page, 'Baravykų daug'));
    expect(await pendingMarker(page, 'Ūmėdės').count()).toBe(0);

    // Reloaded with no network: the app, the filter from the URL and the device's copy.
    await page.reload();
    await expectVisible(page.getByText(exactly(en('offline.offline'))));
    expect(new URL(page.url()).searchParams.get('q')).toBe('BARAVYKAS');
    await expectVisible(markerOf(page, 'mushroom_spot', 'Baravykai'));
    await expectVisible(pendingMarker(page, 'Baravykų daug'));
    expect(await markerOf(page, 'mushroom_spot', 'Voveraitės').count()).toBe(0);
    expect(await pendingMarker(page, 'Ūmėdės').count()).toBe(0);
    await openTab(page, 'locations');
    await expectVisible(cardOf(page, 'Baravykai'));
    await expectVisible(cardOf(page, 'Baravykų daug'));
    expect(await cardOf(page, 'Voveraitės').count()).toBe(0);
    expect(await cardOf(page, 'Ūmėdės').count()).toBe(0);
  });
});
