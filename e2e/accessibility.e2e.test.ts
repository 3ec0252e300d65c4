import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { useForay } from './support/foray.ts';
import { addForm, cardOf, clickMap, createSpotByApi, mapOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectVisible } from './support/ui.ts';

const foray = useForay();

// axe checks what is rendered: each screen is opened the way a user gets there, then checked.
describe('accessibility (axe: no serious or critical violations)', () => {
  it('sign-in screen', async () => {
    const { page } = await foray.newPage();
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: exactly(en('auth.signInHeading')) }));
    await expectNoSeriousA11yViolations(page, 'sign-in screen');
  });

  it('map tab, add form, locations tab, share dialog and delete dialog', async () => {
    const { page } = await foray.newPage({
      permissions: ['geolocation'],
      geolocation: { latitude: 55.2, longitude: 23.9 },
    });
    await signedInUser(page, foray);
    await createSpotByApi(page, foray.baseUrl, { mushroom_types: 'Chanterelles', latitude: 55.201, longitude: 23.901 });
    await page.reload();
    await expectVisible(mapOf(page));
    await expectNoSeriousA11yViolations(page, 'map tab');

    await clickMap(page, -120, 80);
    await expectVisible(addForm(page));
    await expectNoSeriousA11yViolations(page, 'add-location form');

    await openTab(page, 'locations');
    const card = cardOf(page, 'Chanterelles');
    await expectVisible(card);
    await expectNoSeriousA11yViolations(page, 'locations tab');

    await card.getByRole('button', { name: exactly(en('locations.share')) }).click();
    const shareDialog = page.getByRole('dialog', { name: exactly(en('sharing.dialogTitle')) });
    await expectVisible(shareDialog);
    await expectNoSeriousA11yViolations(page, 'share dialog');
    await shareDialog.getByRole('button', { name: exactly(en('common.cancel')) }).click();

    await card.getByRole('button', { name: exactly(en('locations.delete')) }).click();
    await expectVisible(page.getByRole('dialog', { name: exactly(en('locations.deleteTitle')) }));
    await expectNoSeriousA11yViolations(page, 'delete dialog');
  });
});

describe('keyboard', () => {
  it('the Map and Locations tabs: one Tab stop, arrow keys, Home and End switch and keep the map', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray);
    const mapTab = page.getByRole('tab', { name: exactly(en('tabs.map')) });
    const listTab = page.getByRole('tab', { name: exactly(en('tabs.locations')) });
    await expectVisible(mapTab);
    await expect.poll(() => mapTab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => listTab.getAttribute('tabindex')).toBe('-1');

    await mapTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => listTab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => listTab.evaluate((element) => element === document.activeElement)).toBe(true);
    const listPanel = page.getByRole('tabpanel', { name: exactly(en('tabs.locations')) });
    await expectVisible(listPanel);
    // The map's panel stays in the document, hidden, so its view survives the switch.
    await expect.poll(() => mapOf(page).count()).toBe(1);
    await expect.poll(() => mapOf(page).isVisible()).toBe(false);

    await page.keyboard.press('Home');
    await expect.poll(() => mapTab.getAttribute('aria-selected')).toBe('true');
    await expectVisible(mapOf(page));
    await page.keyboard.press('End');
    await expect.poll(() => listTab.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => mapTab.getAttribute('aria-selected')).toBe('true');
  });
});
