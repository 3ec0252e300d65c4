// "What is fruiting now" on a phone (issue #23): the spots due now, ranked by the server online and on the device
// offline, in the same order; "found nearby this week" says it needs a connection with no signal.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { useOfflineForay } from './support/offline.ts';
import { cardOf, createSpotByApi, markerOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectVisible } from './support/ui.ts';

const offline = useOfflineForay();
const { forager } = offline;
const HERE = { latitude: 55.2, longitude: 23.9 };
const DAY_MS = 86_400_000;

/** Today's month and day in an earlier year, as the server dates things (UTC). */
const yearsAgo = (years: number) => {
  const today = new Date();
  return `${today.getUTCFullYear() - years}${today.toISOString().slice(4, 10)}`;
};

async function spotWithVisits(
  page: Page,
  title: string,
  visits: Array<{ date: string; outcome: 'found' | 'nothing' }>,
  place = HERE,
) {
  const spot = await createSpotByApi(page, offline.proxy.url, { mushroom_types: title, ...place });
  for (const visit of visits) {
    const response = await page.request.post(`/api/v1/locations/${spot.id}/visits`, {
      headers: { origin: offline.proxy.url },
      data: { id: randomUUID(), ...visit },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** The "Due now" list's spots, in order: each item's first line is the spot's title. */
async function dueTitles(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: exactly(en('fruiting.dueTitle')) });
  await expectVisible(list);
  return (await list.getByRole('listitem').allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
}

async function openDueNow(page: Page) {
  await openTab(page, 'locations');
  await expectVisible(cardOf(page, 'Three autumns'));
  await page.getByRole('button', { name: exactly(en('fruiting.open')) }).click();
  const panel = page.getByRole('region', { name: exactly(en('fruiting.title')) });
  await expectVisible(panel);
  return panel;
}

/** How many of one's visits the device keeps for "due now" with no signal. */
const keptVisitCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('foray');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('meta').objectStore('meta').getAllKeys();
          all.onsuccess = () => {
            const key = all.result.find((k) => String(k).startsWith('visits:'));
            if (!key) return resolve(0);
            const one = db.transaction('meta').objectStore('meta').get(key);
            one.onsuccess = () => resolve((one.result as unknown[]).length);
          };
        };
      }),
  );

describe('what is fruiting now', () => {
  it('lists the spots due now in the same order online and offline', async () => {
    const { page, context } = await forager(undefined, { geolocation: HERE });
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    await spotWithVisits(page, 'Checked yesterday', [
      { date: yearsAgo(1), outcome: 'found' },
      { date: yesterday, outcome: 'nothing' },
    ]);
    await spotWithVisits(page, 'Once', [{ date: yearsAgo(1), outcome: 'found' }]);
    await spotWithVisits(
      page,
      'Three autumns',
      [1, 2, 3].map((years) => ({ date: yearsAgo(years), outcome: 'found' })),
    );
    // The device keeps the new spots when the page loads again.
    await page.reload();

    const panel = await openDueNow(page);
    const expected = ['Three autumns', 'Once', 'Checked yesterday'];
    await expect.poll(() => dueTitles(page)).toEqual(expected);
    await expectVisible(panel.getByText(en('fruiting.nearbyEmpty')));
    await expectNoSeriousA11yViolations(page, 'due now');
    await expect.poll(() => keptVisitCount(page)).toBe(6);

    await context.setOffline(true);
    await page.reload();
    const offlinePanel = await openDueNow(page);
    await expectVisible(offlinePanel.getByText(en('fruiting.dueOnDevice')));
    expect(await dueTitles(page)).toEqual(expected);
    await expectVisible(offlinePanel.getByText(en('fruiting.nearbyOffline')));
    await context.setOffline(false);
  });

  it('filters the map to the spots due now, online and offline', async () => {
    const { page, context } = await forager();
    // Far enough apart not to be grouped at the start zoom.
    await spotWithVisits(page, 'Birches', [{ date: yearsAgo(1), outcome: 'found' }], {
      latitude: 55.3,
      longitude: 23.2,
    });
    // Found three months past today's date, two years ago: not now.
    const offSeason = new Date(Date.parse(`${yearsAgo(2)}T00:00:00Z`) + 90 * DAY_MS).toISOString().slice(0, 10);
    await spotWithVisits(page, 'Pines', [{ date: offSeason, outcome: 'found' }], { latitude: 54.9, longitude: 24.6 });
    await page.reload();
    await expectVisible(markerOf(page, 'mushroom_spot', 'Pines'));

    await page.getByRole('button', { name: exactly(en('filter.open')) }).click();
    const dialog = page.getByRole('dialog', { name: exactly(en('filter.open')) });
    const season = dialog.getByRole('combobox', { name: exactly(en('filter.due')) });
    await season.selectOption({ label: en('filter.dueNow') });
    await expectNoSeriousA11yViolations(page, 'filter panel with due now');
    await dialog.getByRole('button', { name: exactly(en('filter.apply')) }).press('Enter');
    await expectGone(dialog);
    expect(new URL(page.url()).searchParams.get('due')).toBe('now');
    await expectVisible(markerOf(page, 'mushroom_spot', 'Birches'));
    await expectGone(markerOf(page, 'mushroom_spot', 'Pines'));
    await expectVisible(page.getByText(exactly(en('map.locationCount_one', { count: 1 }))));
    // The filter's first use with signal keeps one's visits for the walk without.
    await expect.poll(() => keptVisitCount(page)).toBe(2);

    await context.setOffline(true);
    await page.reload();
    await expectVisible(page.getByText(exactly(en('offline.offline'))));
    await expectVisible(markerOf(page, 'mushroom_spot', 'Birches'));
    expect(await markerOf(page, 'mushroom_spot', 'Pines').count()).toBe(0);
    await openTab(page, 'locations');
    await expectVisible(cardOf(page, 'Birches'));
    expect(await cardOf(page, 'Pines').count()).toBe(0);
    await context.setOffline(false);
  });
});
