import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD, signedInUser, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { useForay } from './support/foray.ts';
import { en, englishLeftIn, exactly, keysLeftIn, lt } from './support/texts.ts';
import { expectToast, expectVisible } from './support/ui.ts';
import { secretOf, totp } from '../server/test/totp.ts';

const foray = useForay();

/** The two-step section, in the account panel opened from the header. */
async function openTwoStepSection(page: Page, words: typeof en = en) {
  await page.goto('/');
  await page.getByRole('button', { name: exactly(words('account.open')) }).click();
  const section = page
    .getByRole('dialog', { name: exactly(words('account.title')) })
    .getByRole('region', { name: exactly(words('twoStep.title')) });
  await expectVisible(section);
  return section;
}

const post = (page: Page, path: string, data: unknown = {}) =>
  page.request.post(path, { data, headers: { origin: foray.baseUrl } });

/** Off the main screen first, so none of its requests is in flight when the session ends. */
async function leaveApp(page: Page) {
  await page.goto('about:blank');
}

async function signOut(page: Page) {
  await leaveApp(page);
  expect((await post(page, '/api/auth/sign-out')).ok()).toBe(true);
  await page.goto('/');
  await expectVisible(page.getByRole('heading', { name: exactly(en('auth.signInHeading')) }));
}

async function signInWithPassword(page: Page, email: string) {
  await page.getByLabel(en('auth.email')).fill(email);
  await page.getByLabel(en('auth.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: exactly(en('auth.signIn')) }).click();
  // The password was right: the code step, not the map.
  await expectVisible(page.getByRole('heading', { name: exactly(en('twoStep.codeHeading')) }));
  expect(await page.getByText(en('app.welcome', { email })).count()).toBe(0);
}

const welcome = (page: Page, email: string) => page.getByText(en('app.welcome', { email }));

describe('two-step sign-in', () => {
  it('is turned on in its section by scanning or typing the key, and then sign-in asks for the code', async () => {
    const { page } = await foray.newPage({ acceptDownloads: true });
    const { email } = await signedInUser(page, foray, uniqueEmail('two-step'));
    const section = await openTwoStepSection(page);
    await expectVisible(section.getByText(exactly(en('twoStep.statusOff'))));

    await section.getByRole('button', { name: exactly(en('twoStep.turnOn')) }).click();
    await section.getByLabel(en('twoStep.password')).fill(PASSWORD);
    await section.getByRole('button', { name: exactly(en('twoStep.continue')) }).click();

    // The QR code is drawn on the page; the same key is there as text for typing into an app by hand.
    const qr = section.getByRole('img', { name: exactly(en('twoStep.qrLabel')) });
    await expectVisible(qr.locator('path'));
    const key = (await section.getByLabel(en('twoStep.manualKey')).innerText()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32,}$/);
    await expectNoSeriousA11yViolations(page, 'two-step section: scan the code');

    await section.getByLabel(en('twoStep.firstCodeLabel')).fill(totp(key));
    await section.getByRole('button', { name: exactly(en('twoStep.confirmTurnOn')) }).click();
    await expectToast(page, { title: en('twoStep.turnedOn') });

    // The recovery codes, shown once, and as a file to keep.
    const list = section.getByRole('list', { name: exactly(en('twoStep.codesTitle')) });
    await expectVisible(list);
    const codes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    await expectNoSeriousA11yViolations(page, 'two-step section: recovery codes');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: exactly(en('twoStep.downloadCodes')) }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('foray-recovery-codes.txt');
    const file = fs.readFileSync((await download.path())!, 'utf8');
    for (const code of codes) expect(file).toContain(code);
    await section.getByRole('button', { name: exactly(en('twoStep.codesSaved')) }).click();
    await expectVisible(section.getByText(exactly(en('twoStep.statusOn'))));
    await expect.poll(() => list.count()).toBe(0);

    await signOut(page);
    await signInWithPassword(page, email);
    await expectNoSeriousA11yViolations(page, 'sign-in code step');
    // The next step's code: the current one turned two-step sign-in on, and a code works once (ADR 0038).
    await page.getByLabel(en('twoStep.codeLabel')).fill(totp(key, 1));
    await page.getByRole('button', { name: exactly(en('twoStep.confirmSignIn')) }).click();
    await expectVisible(welcome(page, email));
  });

  it('signs in once with a recovery code, refuses it the second time, and turns off with the password', async () => {
    const { page, errors } = await foray.newPage();
    errors.allow(/status of 401.*\/api\/auth\/two-factor\/verify-backup-code/);
    const { email } = await signedInUser(page, foray, uniqueEmail('recovery'));
    // Turned on through the API from the page (the section itself is tested above); the session is renewed.
    await leaveApp(page);
    const enabled = await post(page, '/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enabled.status()).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    const secret = secretOf(totpURI);
    expect((await post(page, '/api/auth/two-factor/verify-totp', { code: totp(secret) })).status()).toBe(200);
    const recovery = backupCodes[0]!;

    await signOut(page);
    await signInWithPassword(page, email);
    await page.getByRole('button', { name: exactly(en('twoStep.useRecoveryCode')) }).click();
    await page.getByLabel(en('twoStep.recoveryLabel')).fill(recovery);
    await page.getByRole('button', { name: exactly(en('twoStep.confirmSignIn')) }).click();
    await expectVisible(welcome(page, email));

    await signOut(page);
    await signInWithPassword(page, email);
    await page.getByRole('button', { name: exactly(en('twoStep.useRecoveryCode')) }).click();
    await page.getByLabel(en('twoStep.recoveryLabel')).fill(recovery);
    await page.getByRole('button', { name: exactly(en('twoStep.confirmSignIn')) }).click();
    await expectToast(page, {
      destructive: true,
      title: en('twoStep.codeFailed'),
      description: en('twoStep.error.INVALID_BACKUP_CODE'),
    });
    expect(await welcome(page, email).count()).toBe(0);

    // The code from the app still works; then two-step sign-in is turned off with the password.
    await page.getByRole('button', { name: exactly(en('twoStep.useAppCode')) }).click();
    await page.getByLabel(en('twoStep.codeLabel')).fill(totp(secret, 1));
    await page.getByRole('button', { name: exactly(en('twoStep.confirmSignIn')) }).click();
    await expectVisible(welcome(page, email));

    const section = await openTwoStepSection(page);
    await expectVisible(section.getByText(exactly(en('twoStep.statusOn'))));
    await section.getByRole('button', { name: exactly(en('twoStep.turnOff')) }).click();
    await section.getByLabel(en('twoStep.password')).fill(PASSWORD);
    await section.getByRole('button', { name: exactly(en('twoStep.turnOff')) }).click();
    await expectToast(page, { title: en('twoStep.turnedOff') });
    await expectVisible(section.getByText(exactly(en('twoStep.statusOff'))));

    // The password alone signs in again.
    await signOut(page);
    await page.getByLabel(en('auth.email')).fill(email);
    await page.getByLabel(en('auth.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: exactly(en('auth.signIn')) }).click();
    await expectVisible(welcome(page, email));
  });

  it('asks for the code and shows the section wholly in Lithuanian', async () => {
    const { page, errors } = await foray.newPage();
    errors.allow(/status of 401.*\/api\/auth\/two-factor\/verify-totp/);
    const { email } = await signedInUser(page, foray, uniqueEmail('dviem'));
    await leaveApp(page);
    const enabled = await post(page, '/api/auth/two-factor/enable', { password: PASSWORD });
    const secret = secretOf(((await enabled.json()) as { totpURI: string }).totpURI);
    const used = totp(secret);
    expect((await post(page, '/api/auth/two-factor/verify-totp', { code: used })).status()).toBe(200);
    await signOut(page);

    await page
      .getByRole('group', { name: exactly(en('common.language')) })
      .getByRole('button', { name: 'lt', exact: true })
      .click();
    await page.getByLabel(lt('auth.email')).fill(email);
    await page.getByLabel(lt('auth.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: exactly(lt('auth.signIn')) }).click();
    await expectVisible(page.getByRole('heading', { name: exactly(lt('twoStep.codeHeading')) }));
    // The code that turned it on, seconds ago: still inside better-auth's window, refused as used, in Lithuanian.
    await page.getByLabel(lt('twoStep.codeLabel')).fill(used);
    await page.getByRole('button', { name: exactly(lt('twoStep.confirmSignIn')) }).click();
    await expectToast(page, {
      destructive: true,
      title: lt('twoStep.codeFailed'),
      description: lt('twoStep.error.TOTP_CODE_USED'),
    });
    await page.getByRole('button', { name: exactly(lt('twoStep.useRecoveryCode')) }).click();
    await expectVisible(page.getByLabel(lt('twoStep.recoveryLabel')));
    expect(await englishLeftIn(page), 'code step').toEqual([]);
    expect(await keysLeftIn(page), 'code step').toEqual([]);
    await page.getByRole('button', { name: exactly(lt('twoStep.useAppCode')) }).click();
    await page.getByLabel(lt('twoStep.codeLabel')).fill(totp(secret, 1));
    await page.getByRole('button', { name: exactly(lt('twoStep.confirmSignIn')) }).click();
    await expectVisible(page.getByText(lt('app.welcome', { email })));

    const section = await openTwoStepSection(page, lt);
    await expectVisible(section.getByText(exactly(lt('twoStep.statusOn'))));
    expect(await englishLeftIn(page), 'section').toEqual([]);
    await section.getByRole('button', { name: exactly(lt('twoStep.makeNewCodes')) }).click();
    await section.getByLabel(lt('twoStep.password')).fill(PASSWORD);
    await section.getByRole('button', { name: exactly(lt('twoStep.continue')) }).click();
    await expectToast(page, { title: lt('twoStep.newCodesMade') });
    await expectVisible(section.getByRole('list', { name: exactly(lt('twoStep.codesTitle')) }));
    expect(await englishLeftIn(page), 'new recovery codes').toEqual([]);
    expect(await keysLeftIn(page), 'new recovery codes').toEqual([]);
  });
});
