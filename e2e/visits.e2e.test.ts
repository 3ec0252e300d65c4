// Returns to a spot: "Nothing this time" recorded from a card, the summary on the card and in the popup, the
// fruiting calendar's table, and a visit recorded with no signal that reaches the server once.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Spot } from '../common/schemas/spots.ts';
import type { Visit } from '../common/schemas/visits.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { outboxOf } from './support/device.ts';
import { recordSpot, serverSpots, SYNC_TIMEOUT_MS, useOfflineForay } from './support/offline.ts';
import { cardOf, markerOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

const offline = useOfflineForay();
const { forager } = offline;

async function recordVisit(
  page: Page,
  title: string,
  visit: { date: string; nothing?: boolean; amount?: string; note?: string; checkAccess?: boolean },
) {
  await cardOf(page, title)
    .getByRole('button', { name: exactly(en('visits.record')) })
    .click();
  const dialog = page.getByRole('dialog', { name: exactly(en('visits.recordTitle')) });
  await expectVisible(dialog);
  await dialog.getByLabel(en('visits.date')).fill(visit.date);
  await dialog.getByRole('radio', { name: exactly(en(visit.nothing ? 'visits.nothing' : 'visits.found')) }).check();
  if (visit.amount) await dialog.getByRole('radio', { name: exactly(visit.amount) }).check();
  if (visit.note) await dialog.getByLabel(en('visits.note')).fill(visit.note);
  if (visit.checkAccess) await expectNoSeriousA11yViolations(page, 'visit form');
  await dialog.getByRole('button', { name: exactly(en('visits.save')) }).click();
  await expectGone(dialog);
}

async function uploadedSpot(page: Page, title: string) {
  await recordSpot(page, title);
  await expectToast(page, { title: en('form.locationSavedTitle') });
  await expect.poll(async () => (await serverSpots(page, title)).length, { timeout: SYNC_TIMEOUT_MS }).toBe(1);
  return (await serverSpots(page, title))[0]!;
}

describe('visits and the fruiting calendar', () => {
  it('records "Nothing this time" from the card; card, popup, visits list and calendar show it', async () => {
    const { page } = await forager();
    const spot = await uploadedSpot(page, 'Autumn porcini');
    await openTab(page, 'locations');
    await expectVisible(cardOf(page, 'Autumn porcini'));

    await recordVisit(page, 'Autumn porcini', {
      date: '2026-10-02',
      nothing: true,
      note: 'Too dry',
      checkAccess: true,
    });
    await expectToast(page, { title: en('visits.saved') });
    const summary = en('visits.summary', {
      date: 'Oct 2, 2026',
      outcome: en('visits.outcomeNothing'),
      visits: en('visits.count_one', { count: 1 }),
    });
    const card = cardOf(page, 'Autumn porcini');
    await expectVisible(card.getByText(exactly(summary)));
    const stored = async () => ((await (await page.request.get(`/api/v1/locations/${spot.id}`)).json()) as Spot).visits;
    await expect
      .poll(stored, { timeout: SYNC_TIMEOUT_MS })
      .toEqual({ count: 1, last: { date: '2026-10-02', outcome: 'nothing' } });

    // The list of visits, newest first, with its note; and the spot's own calendar.
    await card.getByRole('button', { name: exactly(en('visits.list')) }).click();
    const list = page.getByRole('dialog', { name: exactly(en('visits.listTitle')) });
    await expectVisible(list.getByText('Too dry'));
    await expectVisible(
      list.getByRole('table', { name: exactly(en('calendar.captionSpot', { title: 'Autumn porcini' })) }),
    );
    await page.keyboard.press('Escape');
    await expectGone(list);

    // The popup says the same after a reload (the map's spots come from the server).
    await page.reload();
    await markerOf(page, 'mushroom_spot', 'Autumn porcini').click();
    const popup = page.getByRole('heading', { name: exactly('Autumn porcini') }).locator('xpath=..');
    await expectVisible(popup.getByText(exactly(summary)));
    await expectVisible(popup.getByRole('button', { name: exactly(en('visits.record')) }));
    await popup.getByRole('button', { name: exactly(en('visits.list')) }).click();
    await expectVisible(page.getByRole('dialog', { name: exactly(en('visits.listTitle')) }).getByText('Too dry'));
    await page.keyboard.press('Escape');

    // The calendar across one's spots: October 2026 nothing, September (the spot's own date) found.
    await openTab(page, 'locations');
    await page.getByRole('button', { name: exactly(en('calendar.open')) }).click();
    const calendar = page.getByRole('dialog', { name: exactly(en('calendar.title')) });
    const table = calendar.getByRole('table', { name: exactly(en('calendar.captionAll')) });
    const found = spot.date_found;
    const row2026 = table.getByRole('row', { name: /^2026\b/ });
    const cells = row2026.getByRole('cell');
    await expect.poll(() => cells.nth(9).innerText()).toBe(en('calendar.nothing'));
    await expectNoSeriousA11yViolations(page, 'fruiting calendar');
    const foundMonth = Number(found.slice(5, 7)) - 1;
    const foundRow = table.getByRole('row', { name: new RegExp(`^${found.slice(0, 4)}\\b`) });
    expect(await foundRow.getByRole('cell').nth(foundMonth).innerText()).toBe(en('calendar.found'));

    // A species that none of the spots has leaves the calendar empty.
    await calendar.getByLabel(en('calendar.species')).fill('voveraitės');
    await expectVisible(calendar.getByText(en('calendar.empty')));
    await calendar.getByLabel(en('calendar.species')).fill('Porcini');
    await expectGone(calendar.getByText(en('calendar.empty')));
  });

  it('records a visit with no signal: shown at once, sent once when the signal is back', async () => {
    const { page, context } = await forager();
    const spot = await uploadedSpot(page, 'Forest chanterelles');
    await openTab(page, 'locations');
    await expectVisible(cardOf(page, 'Forest chanterelles'));
    const path = `/api/v1/locations/${spot.id}/visits`;
    const postsBefore = offline.proxy.count('POST', path);

    await context.setOffline(true);
    await recordVisit(page, 'Forest chanterelles', { date: '2026-09-20', amount: en('visits.amountMany') });
    await expectToast(page, { title: en('visits.saved'), description: en('offline.changeWaitsDescription') });
    const card = cardOf(page, 'Forest chanterelles');
    const summary = en('visits.summary', {
      date: 'Sep 20, 2026',
      outcome: en('visits.outcomeFound'),
      visits: en('visits.count_one', { count: 1 }),
    });
    await expectVisible(card.getByText(exactly(summary)));
    await expectVisible(card.getByText(en('offline.waitingToUpload')));
    expect(await outboxOf(page)).toMatchObject([{ kind: 'visit' }]);
    expect(offline.proxy.count('POST', path)).toBe(postsBefore);

    await context.setOffline(false);
    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);
    expect(offline.proxy.count('POST', path)).toBe(postsBefore + 1);
    const stored = (await (await page.request.get(path)).json()) as { items: Visit[] };
    expect(stored.items).toMatchObject([{ date: '2026-09-20', outcome: 'found', amount: 'many' }]);
    await expectVisible(card.getByText(exactly(summary)));
    await expectGone(card.getByText(en('offline.waitingToUpload')));
  });
});
