// A spot's habitat, a text field added to the field list only (common/spot-fields.ts): shown on the card and in the
// popup after its label, edited in the form, and compared in the dialog of an edit that met a change made elsewhere.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { outboxOf } from './support/device.ts';
import { SYNC_TIMEOUT_MS, useOfflineForay } from './support/offline.ts';
import { cardOf, createSpotByApi, markerOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectVisible } from './support/ui.ts';

const offline = useOfflineForay();
const { forager } = offline;

const editDialog = (page: Page) => page.getByRole('dialog', { name: exactly(en('edit.title')) });

describe('a spot’s habitat', () => {
  it('is shown on the card and in the popup, edited in the form and compared when an edit met another', async () => {
    const { page, context } = await forager();
    const spot = await createSpotByApi(page, offline.foray.baseUrl, {
      mushroom_types: 'Habitat spot',
      habitat: 'Under spruce, on mossy ground',
      latitude: 55.17,
      longitude: 24.9,
    });
    await page.reload();
    await openTab(page, 'locations');
    const card = cardOf(page, 'Habitat spot');
    await expectVisible(card);
    expect(await card.innerText()).toContain(`${en('form.habitat')}: Under spruce, on mossy ground`);

    await openTab(page, 'map');
    await markerOf(page, 'mushroom_spot', 'Habitat spot').click();
    const popupTitle = page.getByRole('heading', { name: exactly('Habitat spot') });
    await expectVisible(popupTitle);
    expect(await popupTitle.locator('xpath=..').innerText()).toContain(
      `${en('form.habitat')}: Under spruce, on mossy ground`,
    );

    await openTab(page, 'locations');
    await context.setOffline(true);
    await cardOf(page, 'Habitat spot')
      .getByRole('button', { name: exactly(en('locations.edit')) })
      .click();
    const dialog = editDialog(page);
    expect(await dialog.getByLabel(en('form.habitat')).inputValue()).toBe('Under spruce, on mossy ground');
    await dialog.getByLabel(en('form.habitat')).fill('Birch wood');
    await dialog.getByRole('button', { name: exactly(en('edit.save')) }).click();
    await expectGone(dialog);
    const response = await page.request.patch(`/api/v1/locations/${spot.id}`, {
      data: { habitat: 'Pine heath', base_version: 1 },
      headers: { origin: offline.foray.baseUrl },
    });
    expect(response.status()).toBe(200);
    await context.setOffline(false);
    await expect
      .poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS })
      .toMatchObject([{ kind: 'edit', status: 'failed', errorCode: 'STALE' }]);

    await cardOf(page, 'Habitat spot')
      .getByRole('button', { name: exactly(en('conflict.compare')) })
      .click();
    const compared = page
      .getByRole('dialog', { name: exactly(en('conflict.title')) })
      .getByRole('region', { name: exactly(en('form.habitat')) });
    const text = await compared.innerText();
    expect(text).toMatch(new RegExp(`${en('conflict.yours')}\\s+Birch wood`));
    expect(text).toMatch(new RegExp(`${en('conflict.server')}\\s+Pine heath`));
  });
});
