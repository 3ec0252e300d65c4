// Editing a spot: every field from the card and the popup, moving its pin, an edit made with no signal, and an
// edit that meets a change made elsewhere. Behind the recording proxy, which counts what reached the server.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Spot } from '../common/schemas/spots.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { everythingStoredIn, outboxOf } from './support/device.ts';
import { SYNC_TIMEOUT_MS, useOfflineForay } from './support/offline.ts';
import { cardOf, createSpotByApi, mapOf, markerOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectToast, expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

const offline = useOfflineForay();
const { forager } = offline;

const editDialog = (page: Page) => page.getByRole('dialog', { name: exactly(en('edit.title')) });
const conflictDialog = (page: Page) => page.getByRole('dialog', { name: exactly(en('conflict.title')) });

async function serverSpot(page: Page, id: string): Promise<Spot> {
  const response = await page.request.get(`/api/v1/locations/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Spot;
}

/** A change made on another device: straight to the server, on the version it was made on. */
async function changeElsewhere(page: Page, id: string, body: Record<string, unknown>) {
  const response = await page.request.patch(`/api/v1/locations/${id}`, {
    data: body,
    headers: { origin: offline.foray.baseUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function editNotesOnCard(page: Page, title: string, notes: string) {
  await cardOf(page, title)
    .getByRole('button', { name: exactly(en('locations.edit')) })
    .click();
  const dialog = editDialog(page);
  await dialog.getByLabel(en('form.notes')).fill(notes);
  await dialog.getByRole('button', { name: exactly(en('edit.save')) }).click();
  await expectGone(dialog);
}

describe('editing a spot', () => {
  it('changes every field from the card and the popup, and shows them after a reload', async () => {
    const { page } = await forager();
    const spot = await createSpotByApi(page, offline.foray.baseUrl, {
      mushroom_types: 'Before the edit',
      latitude: 55.17,
      longitude: 24.9,
    });
    await page.reload();
    await openTab(page, 'locations');

    await cardOf(page, 'Before the edit')
      .getByRole('button', { name: exactly(en('locations.edit')) })
      .click();
    const dialog = editDialog(page);
    await expectVisible(dialog);
    expect(await dialog.getByLabel(en('form.mushroomTypes')).inputValue()).toBe('Before the edit');
    await expectNoSeriousA11yViolations(page, 'edit dialog');
    await dialog.getByLabel(en('form.mushroomTypes')).fill('Ceps after the edit');
    await dialog.getByLabel(en('form.finder')).fill('Jonas');
    await dialog.getByLabel(en('form.dateFound')).fill('2025-08-30');
    await dialog.getByLabel(en('form.notes')).fill('Past the second ditch');
    await dialog.getByLabel(en('form.sharing')).selectOption({ label: en('sharing.public') });
    await dialog.getByRole('button', { name: exactly(en('edit.save')) }).click();
    await expectToast(page, { title: en('edit.savedTitle') });
    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);

    await page.reload();
    await openTab(page, 'locations');
    const card = cardOf(page, 'Ceps after the edit');
    await expectVisible(card);
    const cardText = await card.innerText();
    expect(cardText).toContain('Jonas');
    expect(cardText).toContain('Past the second ditch');
    expect(cardText).toContain('2025');
    expect(cardText).toContain(en('sharing.public'));
    expect(await serverSpot(page, spot.id)).toMatchObject({
      mushroom_types: 'Ceps after the edit',
      finder: 'Jonas',
      date_found: '2025-08-30',
      notes: 'Past the second ditch',
      is_public: true,
      audience: 'public',
      precision: 'exact',
      version: 2,
    });

    // From the popup: the type. A car park is named by its kind.
    await openTab(page, 'map');
    await markerOf(page, 'mushroom_spot', 'Ceps after the edit').click();
    const popupTitle = page.getByRole('heading', { name: exactly('Ceps after the edit') });
    await expectVisible(popupTitle);
    expect(await popupTitle.locator('xpath=..').innerText()).toContain(en('map.popupFinder', { finder: 'Jonas' }));
    await popupTitle
      .locator('xpath=..')
      .getByRole('button', { name: exactly(en('locations.edit')) })
      .click();
    await dialog.getByLabel(en('form.type')).selectOption({ label: en('locationTypes.car_park') });
    await dialog.getByRole('button', { name: exactly(en('edit.save')) }).click();
    await expectGone(dialog);
    await expect
      .poll(async () => (await serverSpot(page, spot.id)).type, { timeout: SYNC_TIMEOUT_MS })
      .toBe('car_park');

    await page.reload();
    await markerOf(page, 'car_park', en('locationTypes.car_park')).click();
    const carTitle = page.getByRole('heading', { name: exactly(en('locationTypes.car_park')) });
    await expectVisible(carTitle);
    expect(await carTitle.locator('xpath=..').innerText()).toContain('Past the second ditch');
    expect(await serverSpot(page, spot.id)).toMatchObject({ type: 'car_park', photo_url: null, version: 3 });
  });

  it('moves a pin by dragging it, after a confirm step that shows the new coordinates', async () => {
    const { page } = await forager();
    const spot = await createSpotByApi(page, offline.foray.baseUrl, {
      mushroom_types: 'Drag me',
      latitude: 55.1694,
      longitude: 23.8813,
      accuracy_m: 9,
    });
    await page.reload();
    await markerOf(page, 'mushroom_spot', 'Drag me').click();
    const popup = page.getByRole('heading', { name: exactly('Drag me') }).locator('xpath=..');
    await popup.getByRole('button', { name: exactly(en('map.move')) }).click();

    const pin = page.getByRole('button', { name: exactly(en('move.pinLabel', { title: 'Drag me' })) });
    await expectVisible(pin);
    const box = (await pin.boundingBox())!;
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(start.x - step * 6, start.y + step * 3);
    await page.mouse.up();

    const confirm = page.getByRole('group', { name: exactly(en('move.confirmQuestion')) });
    await expectVisible(confirm);
    await expectNoSeriousA11yViolations(page, 'move confirm step');
    const shown = /(-?\d+\.\d{6}), (-?\d+\.\d{6})/.exec(await confirm.innerText());
    expect(shown, 'the new coordinates are shown before saving').not.toBeNull();
    // Nothing is saved before the confirm.
    expect((await serverSpot(page, spot.id)).version).toBe(1);
    await confirm.getByRole('button', { name: exactly(en('move.confirm')) }).click();
    await expectToast(page, { title: en('move.moved') });

    await expect.poll(async () => (await serverSpot(page, spot.id)).version, { timeout: SYNC_TIMEOUT_MS }).toBe(2);
    const moved = await serverSpot(page, spot.id);
    expect(moved.latitude.toFixed(6)).toBe(shown![1]);
    expect(moved.longitude.toFixed(6)).toBe(shown![2]);
    // Dragged west and south (away from the public spot of the test before); placed by hand, so no accuracy any more.
    expect(moved.longitude).toBeLessThan(spot.longitude);
    expect(moved.latitude).toBeLessThan(spot.latitude);
    expect(moved.accuracy_m).toBeNull();

    await page.reload();
    await markerOf(page, 'mushroom_spot', 'Drag me').click();
    const link = page.getByRole('link', {
      name: exactly(en('map.popupDirections', { coordinates: `${shown![1]}, ${shown![2]}` })),
    });
    await expectVisible(link);
    await expectVisible(mapOf(page));
  });

  it('moves a spot to where the forager stands, with that accuracy, and to the map centre, with none', async () => {
    const { page, context } = await forager();
    const spot = await createSpotByApi(page, offline.foray.baseUrl, {
      mushroom_types: 'Walk me over',
      latitude: 55.2497,
      longitude: 23.9494,
    });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 55.25, longitude: 23.95, accuracy: 8 });
    // The map opens on the forager, the spot a few dozen metres away.
    await page.reload();

    const openMove = async () => {
      const panel = page.getByRole('region', { name: exactly(`${en('move.title')}: Walk me over`) });
      // The map redraws its pins when the spots reload after an upload, closing an open popup: try again then.
      await expect
        .poll(
          async () => {
            await markerOf(page, 'mushroom_spot', 'Walk me over')
              .click({ timeout: 2_000 })
              .catch(() => undefined);
            const popup = page.getByRole('heading', { name: exactly('Walk me over') }).locator('xpath=..');
            await popup
              .getByRole('button', { name: exactly(en('map.move')) })
              .click({ timeout: 2_000 })
              .catch(() => undefined);
            return panel.isVisible();
          },
          { timeout: SYNC_TIMEOUT_MS },
        )
        .toBe(true);
      return panel;
    };
    const panel = await openMove();
    await panel.getByRole('button', { name: exactly(en('move.toMyPosition')) }).click();
    await panel.getByRole('button', { name: exactly(en('fixer.use')) }).click();
    const confirm = page.getByRole('group', { name: exactly(en('move.confirmQuestion')) });
    await expectVisible(
      confirm.getByText(en('move.newCoordinates', { coordinates: '55.250000, 23.950000' }), { exact: false }),
    );
    await expectVisible(confirm.getByText(en('form.accuracy', { metres: 8 }), { exact: false }));
    await confirm.getByRole('button', { name: exactly(en('move.confirm')) }).click();
    await expect.poll(async () => (await serverSpot(page, spot.id)).version, { timeout: SYNC_TIMEOUT_MS }).toBe(2);
    expect(await serverSpot(page, spot.id)).toMatchObject({ latitude: 55.25, longitude: 23.95, accuracy_m: 8 });

    // The map is centred on the new place now; "Move to map centre" puts the spot there, placed by hand.
    const centre = await openMove();
    await centre.getByRole('button', { name: exactly(en('move.toCentre')) }).click();
    const shown = /(-?\d+\.\d{6}), (-?\d+\.\d{6})/.exec(await confirm.innerText());
    expect(shown).not.toBeNull();
    await confirm.getByRole('button', { name: exactly(en('move.confirm')) }).click();
    await expect.poll(async () => (await serverSpot(page, spot.id)).version, { timeout: SYNC_TIMEOUT_MS }).toBe(3);
    const moved = await serverSpot(page, spot.id);
    expect([moved.latitude.toFixed(6), moved.longitude.toFixed(6)]).toEqual([shown![1], shown![2]]);
    expect(moved.accuracy_m).toBeNull();
  });

  it('saves an edit made with no signal on the device, shows it at once, and sends it exactly once', async () => {
    const { page, context } = await forager();
    const spot = await createSpotByApi(page, offline.foray.baseUrl, { mushroom_types: 'Edited offline' });
    await page.reload();
    await openTab(page, 'locations');
    await expectVisible(cardOf(page, 'Edited offline'));
    const patchesBefore = offline.proxy.count('PATCH', `/api/v1/locations/${spot.id}`);
    // Made on another device (here, the API): the phone keeps it once its own spots are refreshed after the map's
    // first draw (ADR 0065).
    await expect
      .poll(async () => (await everythingStoredIn(page)).indexedDb.some((row) => row.includes('Edited offline')), {
        timeout: SYNC_TIMEOUT_MS,
      })
      .toBe(true);

    await context.setOffline(true);
    await editNotesOnCard(page, 'Edited offline', 'Written under the pines');
    await expectToast(page, { title: en('edit.savedTitle'), description: en('edit.savedOffline') });
    const card = cardOf(page, 'Edited offline');
    await expectVisible(card.getByText('Written under the pines'));
    await expectVisible(card.getByText(en('offline.waitingToUpload')));
    expect(await outboxOf(page)).toMatchObject([{ kind: 'edit', spotId: spot.id, status: 'waiting' }]);
    expect(offline.proxy.count('PATCH', `/api/v1/locations/${spot.id}`)).toBe(patchesBefore);

    // Still shown after a reload with no signal.
    await page.reload();
    await openTab(page, 'locations');
    await expectVisible(cardOf(page, 'Edited offline').getByText('Written under the pines'));

    await context.setOffline(false);
    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);
    expect(offline.proxy.count('PATCH', `/api/v1/locations/${spot.id}`)).toBe(patchesBefore + 1);
    expect(await serverSpot(page, spot.id)).toMatchObject({ notes: 'Written under the pines', version: 2 });
    await expectGone(cardOf(page, 'Edited offline').getByText(en('offline.waitingToUpload')));
  });

  it('shows an edit that met a change made elsewhere beside the saved values, and lets the user choose', async () => {
    const { page, context } = await forager();
    const spot = await createSpotByApi(page, offline.foray.baseUrl, { mushroom_types: 'Changed twice' });
    await page.reload();
    await openTab(page, 'locations');
    await expectVisible(cardOf(page, 'Changed twice'));
    const path = `/api/v1/locations/${spot.id}`;

    // Round one: keep mine.
    await context.setOffline(true);
    await editNotesOnCard(page, 'Changed twice', 'Mine, from the forest');
    await changeElsewhere(page, spot.id, { notes: 'Theirs, from home', base_version: 1 });
    const patchesBefore = offline.proxy.count('PATCH', path);
    await context.setOffline(false);
    await expect
      .poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS })
      .toMatchObject([{ kind: 'edit', status: 'failed', errorCode: 'STALE' }]);
    expect(offline.proxy.count('PATCH', path)).toBe(patchesBefore + 1);
    // Nothing was overwritten.
    expect((await serverSpot(page, spot.id)).notes).toBe('Theirs, from home');

    const card = cardOf(page, 'Changed twice');
    await expectVisible(card.getByText(en('conflict.notice')));
    await card.getByRole('button', { name: exactly(en('conflict.compare')) }).click();
    const dialog = conflictDialog(page);
    await expectVisible(dialog);
    await expectNoSeriousA11yViolations(page, 'stale-edit comparison');
    const notes = dialog.getByRole('region', { name: exactly(en('form.notes')) });
    const notesText = await notes.innerText();
    expect(notesText).toMatch(new RegExp(`${en('conflict.yours')}\\s+Mine, from the forest`));
    expect(notesText).toMatch(new RegExp(`${en('conflict.server')}\\s+Theirs, from home`));
    await dialog.getByRole('button', { name: exactly(en('conflict.keepMine')) }).click();
    await expectGone(dialog);
    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);
    expect(offline.proxy.count('PATCH', path)).toBe(patchesBefore + 2);
    expect(await serverSpot(page, spot.id)).toMatchObject({ notes: 'Mine, from the forest', version: 3 });

    // Round two: take the saved values.
    await context.setOffline(true);
    await cardOf(page, 'Changed twice')
      .getByRole('button', { name: exactly(en('locations.edit')) })
      .click();
    await editDialog(page).getByLabel(en('form.finder')).fill('Jonas');
    await editDialog(page)
      .getByRole('button', { name: exactly(en('edit.save')) })
      .click();
    await changeElsewhere(page, spot.id, { finder: 'Petras', base_version: 3 });
    await context.setOffline(false);
    await expect
      .poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS })
      .toMatchObject([{ status: 'failed', errorCode: 'STALE' }]);
    await cardOf(page, 'Changed twice')
      .getByRole('button', { name: exactly(en('conflict.compare')) })
      .click();
    await conflictDialog(page)
      .getByRole('button', { name: exactly(en('conflict.takeServer')) })
      .click();
    await expect.poll(() => outboxOf(page), { timeout: UI_TIMEOUT_MS }).toEqual([]);
    await expectVisible(
      cardOf(page, 'Changed twice').getByText(
        en('locations.foundByOn', { finder: 'Petras', date: 'September 14, 2025' }),
      ),
    );
    expect(await serverSpot(page, spot.id)).toMatchObject({
      finder: 'Petras',
      notes: 'Mine, from the forest',
      version: 4,
    });
  });
});
