import { describe, it } from 'vitest';
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
    const { page } = await foray.newPage({ permissions: ['geolocation'], geolocation: { latitude: 55.2, longitude: 23.9 } });
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
