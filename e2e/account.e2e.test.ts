import crypto from 'node:crypto';
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

  it('asks a forager with no display name to choose one, by keyboard, and others see a neutral word until then', async () => {
    const nameless = await foray.newPage();
    await signedInUser(nameless.page, foray, uniqueEmail('nameless.forager'), null);
    // Its own title: a second try of this test must not find the first one's spot.
    const title = `Morels by the old mill ${crypto.randomUUID().slice(0, 8)}`;
    await createSpotByApi(nameless.page, foray.baseUrl, {
      mushroom_types: title,
      is_public: true,
      latitude: 55.31,
      longitude: 23.21,
    });
    const promptOn = (page: Page) => page.getByRole('region', { name: exactly(en('namePrompt.title')) });
    await expectVisible(promptOn(nameless.page));
    expect(await promptOn(nameless.page).innerText()).toContain(
      en('namePrompt.text', { unnamed: en('people.unnamed') }),
    );

    // Another forager sees the spot shared by "Unnamed forager", nothing of the address.
    const other = await foray.newPage();
    await signedInUser(other.page, foray, uniqueEmail('reader'));
    await openTab(other.page, 'locations');
    await expectVisible(cardOf(other.page, title));
    const seen = await cardOf(other.page, title).innerText();
    expect(seen).toContain(en('sharing.sharedBy', { owner: en('people.unnamed') }));
    expect(seen).not.toContain('nameless.forager');

    // "Not now" puts it away while this tab is open; Foray opened again in another tab asks again.
    await promptOn(nameless.page)
      .getByRole('button', { name: exactly(en('namePrompt.later')) })
      .click();
    await expectGone(promptOn(nameless.page));
    await nameless.page.reload();
    await expectVisible(nameless.page.getByRole('tab', { name: exactly(en('tabs.map')) }));
    expect(await promptOn(nameless.page).count()).toBe(0);
    const page = await nameless.context.newPage();
    await page.goto('/');
    const prompt = promptOn(page);
    await expectVisible(prompt);

    // From the keyboard: the button, then the account panel with the focus in the name's box.
    await prompt.getByRole('button', { name: exactly(en('namePrompt.choose')) }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: exactly(en('account.title')) });
    await expectVisible(panel);
    const name = panel.getByLabel(en('account.nameLabel'));
    await expect.poll(() => name.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectVisible(panel.getByText(en('account.noNameYet', { unnamed: en('people.unnamed') })));
    await page.keyboard.type('Rūta');
    await page.keyboard.press('Enter');
    await expectToast(page, { title: en('account.nameSaved') });
    await page.keyboard.press('Escape');
    await expectGone(panel);
    await expectGone(prompt);

    await other.page.reload();
    await openTab(other.page, 'locations');
    await expectVisible(cardOf(other.page, title));
    expect(await cardOf(other.page, title).innerText()).toContain(en('sharing.sharedBy', { owner: 'Rūta' }));

    // In Lithuanian, the prompt speaks it.
    const lithuanian = await foray.newPage();
    await signedInUser(lithuanian.page, foray, uniqueEmail('bevardis'), null);
    await lithuanian.page
      .getByRole('group', { name: exactly(en('common.language')) })
      .getByRole('button', { name: 'lt', exact: true })
      .click();
    const ltPrompt = lithuanian.page.getByRole('region', { name: exactly(lt('namePrompt.title')) });
    await expectVisible(ltPrompt);
    await expectVisible(ltPrompt.getByRole('button', { name: exactly(lt('namePrompt.choose')) }));
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
