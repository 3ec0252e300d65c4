// Reports and moderation end to end (issue #34): B reports A's public spot from its popup, an administrator hides it
// from the reports queue, and C — who had it on the phone — no longer sees it anywhere (map, list, tile counts,
// export) and the phone drops it on its next contact with the server; A still sees it, marked hidden with the reason,
// and can still edit it. Then the report dialog in Lithuanian, with its required text and its online-only rule.
// Foray runs on PostgreSQL here, so that the test can name an administrator beside the running server.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Spot } from '../common/schemas/spots.ts';
import { signInByApi, signedInUser, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { everythingStoredIn } from './support/device.ts';
import { useForay } from './support/foray.ts';
import { makeAdministrator, postgresUrl, usePostgresForForay } from './support/postgres.ts';
import { cardOf, createSpotByApi, mapOf, markerOf, openTab } from './support/spots.ts';
import { en, englishLeftIn, exactly, keysLeftIn, lt } from './support/texts.ts';
import { expectGone, expectToast, expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

const HERE = { latitude: 55.2, longitude: 23.9 };
const TITLE = 'Ceps behind the sawmill';
const OWNER = 'Aldona';
const accounts = { owner: uniqueEmail('owner'), reporter: uniqueEmail('reporter') };
/** A box around the spots, and the tile of zoom 10 that holds them. */
const AROUND = '23.85,55.15,23.95,55.25';
const TILE_Z = 10;
const tileX = Math.floor(((HERE.longitude + 180) / 360) * 2 ** TILE_Z);
const tileY = Math.floor(((1 - Math.asinh(Math.tan((HERE.latitude * Math.PI) / 180)) / Math.PI) / 2) * 2 ** TILE_Z);

/** What C may see of the spots around, through every route that lists or counts them. */
async function whatIsSeen(page: Page, spot: Spot) {
  const list = (await (await page.request.get('/api/v1/locations')).json()) as { items: Spot[] };
  const count = (await (await page.request.get(`/api/v1/map/count?bbox=${AROUND}`)).json()) as { count: number };
  const tile = (await (await page.request.get(`/api/v1/map/tiles/${TILE_Z}/${tileX}/${tileY}`)).json()) as {
    total: number;
  };
  const exported = await page.request.get('/api/v1/export?format=geojson&scope=visible');
  expect(exported.status()).toBe(200);
  const byId = await page.request.get(`/api/v1/locations/${spot.id}`);
  return {
    listed: list.items.some((item) => item.id === spot.id),
    count: count.count,
    tile: tile.total,
    exported: (await exported.text()).includes(TITLE),
    byId: byId.status(),
  };
}

const heldOnDevice = async (page: Page, spot: Spot) =>
  (await everythingStoredIn(page)).indexedDb.filter((row) => row.includes(spot.id)).length;

// Foray on PostgreSQL: CI always names one (.ci/run); a machine without it skips this file, as it skips the API tests'
// PostgreSQL lane.
describe.skipIf(!postgresUrl)('reports and moderation', () => {
  const database = usePostgresForForay();
  const foray = useForay({ env: database.env });

  async function forager(email: string, name: string) {
    const opened = await foray.newPage({ permissions: ['geolocation'], geolocation: HERE });
    await signedInUser(opened.page, foray, email, name);
    return opened;
  }

  it(
    'a reported spot hidden by an administrator leaves everyone else, their phones included; its owner sees why',
    {
      timeout: 240_000,
    },
    async () => {
      // The server's administrator (its first account: on a new server, that one is already).
      const adminEmail = uniqueEmail('admin');
      const admin = await forager(adminEmail, 'Admin');
      await makeAdministrator(database, adminEmail);

      // A: a public spot near where everyone stands.
      const owner = await forager(accounts.owner, OWNER);
      const spot = await createSpotByApi(owner.page, foray.baseUrl, {
        mushroom_types: TITLE,
        notes: 'Under the spruces',
        latitude: HERE.latitude + 0.0004,
        longitude: HERE.longitude,
        is_public: true,
      });
      // A's own spot offers no "Report", on the card or in the popup.
      await owner.page.reload();
      await markerOf(owner.page, 'mushroom_spot', TITLE).click();
      const ownPopup = mapOf(owner.page).locator('.leaflet-popup');
      await expectVisible(ownPopup.getByRole('heading', { name: exactly(TITLE) }));
      expect(
        await ownPopup.getByRole('button', { name: exactly(en('reports.reportSpot', { title: TITLE })) }).count(),
      ).toBe(0);

      // C opens it on the map: the phone keeps it whole, for the forest.
      const other = await forager(uniqueEmail('other'), 'Vytas');
      await markerOf(other.page, 'mushroom_spot', TITLE).click();
      await expectVisible(
        mapOf(other.page)
          .locator('.leaflet-popup')
          .getByRole('heading', { name: exactly(TITLE) }),
      );
      await expect
        .poll(
          async () =>
            (await everythingStoredIn(other.page)).indexedDb.some(
              (row) => row.includes('"notes"') && row.includes(spot.id),
            ),
          { timeout: UI_TIMEOUT_MS },
        )
        .toBe(true);
      expect(await whatIsSeen(other.page, spot)).toEqual({
        listed: true,
        count: 1,
        tile: 1,
        exported: true,
        byId: 200,
      });

      // B reports it from the popup, as offensive.
      const reporter = await forager(accounts.reporter, 'Rūta');
      await markerOf(reporter.page, 'mushroom_spot', TITLE).click();
      const popup = mapOf(reporter.page).locator('.leaflet-popup');
      const reportButton = popup.getByRole('button', { name: exactly(en('reports.reportSpot', { title: TITLE })) });
      await reportButton.click();
      const dialog = reporter.page.getByRole('dialog', { name: exactly(en('reports.title')) });
      await expectVisible(dialog);
      await dialog.getByRole('radio', { name: exactly(en('reports.reason.offensive')) }).check();
      await dialog.getByRole('button', { name: exactly(en('reports.send')) }).click();
      await expectToast(reporter.page, { title: en('reports.thanks') });
      await expectGone(dialog);
      // Once is enough: a second report of the same spot is told so.
      await reportButton.click();
      await dialog.getByRole('radio', { name: exactly(en('reports.reason.spam')) }).check();
      await dialog.getByRole('button', { name: exactly(en('reports.send')) }).click();
      await expectToast(reporter.page, { title: en('reports.already') });

      // The administrator finds it in the queue, with what everyone sees of it and its owner's name, and hides it.
      await admin.page.reload();
      await admin.page.getByRole('button', { name: exactly(en('admin.open')) }).click();
      const panel = admin.page.getByRole('dialog', { name: exactly(en('admin.title')) });
      const reports = panel.getByRole('region', { name: exactly(en('admin.reports.title')) });
      const report = reports.getByRole('article', {
        name: exactly(`${en('admin.reports.kind.spot')}: ${en('reports.reason.offensive')}`),
      });
      await expectVisible(report);
      expect(await reports.getByRole('article').count()).toBe(1);
      const shown = await report.innerText();
      expect(shown).toContain(TITLE);
      expect(shown).toContain('Under the spruces');
      expect(shown).toContain(en('admin.reports.owner', { name: OWNER }));
      // The reporter is never named, not even to the administrators.
      expect(shown).not.toContain('Rūta');
      await expectNoSeriousA11yViolations(admin.page, 'reports queue');
      await report.getByRole('button', { name: exactly(en('admin.reports.hide')) }).click();
      await expectVisible(report.getByText(en('admin.reports.hideQuestion')));
      await report.getByRole('button', { name: exactly(en('admin.reports.hideConfirm')) }).click();
      await expectToast(admin.page, { title: en('admin.reports.hiddenDone') });
      await expectVisible(reports.getByText(en('admin.reports.noneOpen')));
      await reports.getByRole('button', { name: exactly(en('admin.reports.closed')) }).click();
      await expectVisible(reports.getByText(en('admin.reports.isHidden')));
      await expectVisible(reports.getByRole('button', { name: exactly(en('admin.reports.showAgain')) }).first());

      // C: gone from every route that lists or counts spots...
      expect(await whatIsSeen(other.page, spot)).toEqual({
        listed: false,
        count: 0,
        tile: 0,
        exported: false,
        byId: 404,
      });
      // ...and from the phone at its next contact with the server, without C looking at that area again.
      expect(await heldOnDevice(other.page, spot)).toBeGreaterThan(0);
      await other.context.setOffline(true);
      await other.context.setOffline(false);
      await expect.poll(() => heldOnDevice(other.page, spot), { timeout: UI_TIMEOUT_MS }).toBe(0);
      await other.page.reload();
      await expectVisible(mapOf(other.page));
      await expectGone(markerOf(other.page, 'mushroom_spot', TITLE));
      await openTab(other.page, 'locations');
      await expectGone(cardOf(other.page, TITLE));

      // A still has it, marked hidden with the reason in words on the map and in the list, and can still edit it.
      await owner.page.reload();
      await markerOf(owner.page, 'mushroom_spot', TITLE).click();
      await expectVisible(ownPopup.getByText(en('reports.hidden.offensive'), { exact: true }));
      await expectVisible(ownPopup.getByRole('button', { name: exactly(en('locations.edit')) }));
      await openTab(owner.page, 'locations');
      const card = cardOf(owner.page, TITLE);
      await expectVisible(card.getByText(en('reports.hidden.offensive'), { exact: true }));
      await expectVisible(card.getByText(en('reports.hiddenNote'), { exact: true }));
      await expectVisible(card.getByRole('button', { name: exactly(en('locations.edit')) }));
      await expectVisible(card.getByRole('button', { name: exactly(en('locations.delete')) }));

      // Shown again by the administrator: everyone who may see it sees it again, and A's mark is gone.
      await reports.getByRole('button', { name: exactly(en('admin.reports.showAgain')) }).click();
      await expectToast(admin.page, { title: en('admin.reports.shownAgain') });
      expect(await whatIsSeen(other.page, spot)).toEqual({
        listed: true,
        count: 1,
        tile: 1,
        exported: true,
        byId: 200,
      });
      await owner.page.reload();
      await openTab(owner.page, 'locations');
      await expectVisible(card.getByRole('button', { name: exactly(en('locations.edit')) }));
      expect(await card.getByText(en('reports.hidden.offensive'), { exact: true }).count()).toBe(0);
    },
  );

  it('reports in Lithuanian: "other" needs words, and nothing is sent without a connection', async () => {
    const owner = await foray.newPage();
    await signInByApi(owner.page.request, foray.baseUrl, accounts.owner);
    const title = 'Voveraitės prie upelio';
    await createSpotByApi(owner.page, foray.baseUrl, {
      mushroom_types: title,
      latitude: HERE.latitude - 0.0004,
      longitude: HERE.longitude,
      is_public: true,
    });

    const { page, context } = await foray.newPage({ permissions: ['geolocation'], geolocation: HERE });
    await signInByApi(page.request, foray.baseUrl, accounts.reporter);
    await page.goto('/');
    await page
      .getByRole('group', { name: exactly(en('common.language')) })
      .getByRole('button', { name: 'lt', exact: true })
      .click();
    await page.getByRole('tab', { name: exactly(lt('tabs.locations')) }).click();
    const card = page.getByRole('article', { name: exactly(title) });
    await card.getByRole('button', { name: exactly(lt('reports.reportSpot', { title })) }).click();
    const dialog = page.getByRole('dialog', { name: exactly(lt('reports.title')) });
    await expectVisible(dialog);
    await dialog.getByRole('radio', { name: exactly(lt('reports.reason.other')) }).check();
    const send = dialog.getByRole('button', { name: exactly(lt('reports.send')) });
    await send.click();
    await expectVisible(dialog.getByText(lt('reports.textRequired'), { exact: true }));
    const words = dialog.getByRole('textbox', { name: exactly(lt('reports.textRequiredLabel')) });
    expect(await words.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await englishLeftIn(page), 'report dialog').toEqual([]);
    expect(await keysLeftIn(page), 'report dialog').toEqual([]);
    await expectNoSeriousA11yViolations(page, 'report dialog');
    await words.fill('Tai ne voveraitės, o netikrosios voveraitės');

    // No connection: the dialog says a report is only sent online, and sends nothing.
    await context.setOffline(true);
    await expectVisible(dialog.getByText(lt('reports.onlineOnly'), { exact: true }));
    expect(await send.isDisabled()).toBe(true);
    await context.setOffline(false);
    await expect.poll(() => send.isDisabled()).toBe(false);
    await send.click();
    await expectToast(page, { title: lt('reports.thanks') });
    expect(await englishLeftIn(page), 'after the report').toEqual([]);
  });
});
