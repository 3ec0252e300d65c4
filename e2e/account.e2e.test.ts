import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD, signedInUser, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { useForay } from './support/foray.ts';
import { addForm, cardOf, clickMap, createSpotByApi, openTab } from './support/spots.ts';
import { en, exactly, lt } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

const foray = useForay();

async function openAccount(page: Page, language: 'en' | 'lt' = 'en') {
  const words = language === 'en' ? en : lt;
  await page.getByRole('button', { name: exactly(words('account.open')) }).click();
  const panel = page.getByRole('dialog', { name: exactly(words('account.title')) });
  await expectVisible(panel);
  return panel;
}

describe('the account page', () => {
  it('a new display name is what another forager sees on a public spot; new spots start as the forager chose', async () => {
    const owner = await foray.newPage();
    await signedInUser(owner.page, foray, uniqueEmail('named'));
    await createSpotByApi(owner.page, foray.baseUrl, {
      mushroom_types: 'Chanterelles by the lake',
      is_public: true,
      latitude: 55.3,
      longitude: 23.2,
    });

    const panel = await openAccount(owner.page);
    await expectVisible(panel.getByText(exactly(en('account.thisDevice'))));
    await expectNoSeriousA11yViolations(owner.page, 'account panel');
    const name = panel.getByLabel(en('account.nameLabel'));
    await name.fill('Ona Miškinė');
    await panel.getByRole('button', { name: exactly(en('account.saveName')) }).click();
    await expectToast(owner.page, { title: en('account.nameSaved') });

    // New spots start public from now on.
    const newSpots = panel.getByRole('region', { name: exactly(en('account.sharingTitle')) });
    const audience = newSpots.getByLabel(en('account.sharingLabel'));
    expect(await audience.inputValue()).toBe('private');
    await audience.selectOption('public');
    await newSpots.getByRole('button', { name: exactly(en('account.sharingSave')) }).click();
    await expectToast(owner.page, { title: en('account.sharingSaved') });
    await panel.getByRole('button', { name: exactly(en('common.close')) }).click();
    await expectGone(panel);
    await clickMap(owner.page, -60, 30);
    expect(await addForm(owner.page).getByLabel(en('form.sharing')).inputValue()).toBe('public');

    const other = await foray.newPage();
    await signedInUser(other.page, foray, uniqueEmail('reader'));
    await openTab(other.page, 'locations');
    const card = cardOf(other.page, 'Chanterelles by the lake');
    await expectVisible(card);
    expect(await card.innerText()).toContain(en('sharing.sharedBy', { owner: 'Ona Miškinė' }));

    // The other forager's page in Lithuanian: the panel and its sections speak it.
    await other.page
      .getByRole('group', { name: exactly(en('common.language')) })
      .getByRole('button', { name: 'lt', exact: true })
      .click();
    const lithuanian = await openAccount(other.page, 'lt');
    await expectVisible(lithuanian.getByRole('heading', { name: exactly(lt('account.deleteTitle')) }));
    expect(await lithuanian.getByLabel(lt('account.sharingLabel')).inputValue()).toBe('private');
  });

  it('deletes the account after offering the export, with the password, and signs out for good', async () => {
    const { page, errors } = await foray.newPage();
    const { email } = await signedInUser(page, foray, uniqueEmail('leaving'));
    // The refused deletion and the sign-in after it are answered with errors on purpose.
    errors.allow(/status of 400.*\/api\/auth\/delete-user/);
    errors.allow(/status of 401.*\/api\/auth\/sign-in\/email/);
    await createSpotByApi(page, foray.baseUrl, { mushroom_types: 'Porcini under the oak' });

    const panel = await openAccount(page);
    const deletion = panel.getByRole('region', { name: exactly(en('account.deleteTitle')) });
    // The export is offered first, in its own dialog.
    await deletion.getByRole('button', { name: exactly(en('account.exportFirst')) }).click();
    const exportDialog = page.getByRole('dialog', { name: exactly(en('export.title')) });
    await expectVisible(exportDialog);
    await exportDialog.getByRole('button', { name: exactly(en('common.cancel')) }).click();
    await expectGone(exportDialog);

    // A wrong password: the server's reason, and nothing deleted.
    await deletion.getByLabel(en('account.deletePassword')).fill('not my password');
    await deletion.getByRole('checkbox', { name: exactly(en('account.deleteUnderstand')) }).check();
    await deletion.getByRole('button', { name: exactly(en('account.deleteButton')) }).click();
    await expectToast(page, {
      title: en('account.deleteFailed'),
      description: 'The password is wrong.',
      destructive: true,
    });
    expect((await page.request.get('/api/v1/me')).status()).toBe(200);

    await deletion.getByLabel(en('account.deletePassword')).fill(PASSWORD);
    await deletion.getByRole('button', { name: exactly(en('account.deleteButton')) }).click();
    await expectToast(page, { title: en('account.deleted') });
    await expectVisible(page.getByRole('heading', { name: exactly(en('auth.signInHeading')) }));

    // The account is gone: signing in with it fails.
    await page.getByLabel(en('auth.email')).fill(email);
    await page.getByLabel(en('auth.password')).fill(PASSWORD);
    await page.getByRole('button', { name: exactly(en('auth.signIn')) }).click();
    await expectToast(page, { title: en('auth.signInFailed'), destructive: true });
    expect((await page.request.get('/api/v1/me')).status()).toBe(401);
  });
});
