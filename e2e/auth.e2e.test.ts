import { describe, expect, it } from 'vitest';
import { PASSWORD, signUpByApi, signedInUser, uniqueEmail, verificationLink } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { en, exactly } from './support/texts.ts';
import { expectToast, expectVisible } from './support/ui.ts';
import type { Page } from 'playwright-core';

const foray = useForay();

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel(en('auth.email')).fill(email);
  await page.getByLabel(en('auth.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: exactly(en('auth.signIn')) }).click();
}

const signInHeading = (page: Page) => page.getByRole('heading', { name: exactly(en('auth.signInHeading')) });
const welcome = (page: Page, email: string) => page.getByText(en('app.welcome', { email }));

describe('accounts', () => {
  it('signs up on the screen, confirms the e-mail through the mailed link, then signs in', async () => {
    const { page } = await foray.newPage();
    const email = uniqueEmail('new');
    await page.goto('/');
    await expectVisible(signInHeading(page));

    await page.getByRole('button', { name: exactly(en('auth.switchToSignUp')) }).click();
    await expectVisible(page.getByRole('heading', { name: exactly(en('auth.signUpHeading')) }));
    await page.getByLabel(en('auth.email')).fill(email);
    await page.getByLabel(en('auth.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: exactly(en('auth.createAccount')) }).click();

    await expectToast(page, {
      title: en('auth.accountCreatedTitle'),
      description: en('auth.accountCreatedDescription'),
    });
    await expectVisible(signInHeading(page));
    expect(await page.getByLabel(en('auth.email')).inputValue()).toBe('');
    expect(await page.getByLabel(en('auth.password'), { exact: true }).inputValue()).toBe('');

    // The link in the mail goes through the server, which confirms the address and sends the browser home.
    await page.goto(await verificationLink(foray.mail, email));
    expect(new URL(page.url()).pathname).toBe('/');
    await expectToast(page, { title: en('auth.verifiedTitle') });

    await fillSignIn(page, email, PASSWORD);
    await expectVisible(welcome(page, email));
    await expectVisible(page.getByRole('tab', { name: exactly(en('tabs.map')), selected: true }));
  });

  it('explains that the e-mail must be confirmed when signing in before that', async () => {
    const { page, errors } = await foray.newPage();
    errors.allow(/status of 403.*\/api\/auth\/sign-in\/email/);
    const email = uniqueEmail('unconfirmed');
    await signUpByApi(page.request, foray.baseUrl, email);
    await page.goto('/');

    await fillSignIn(page, email, PASSWORD);
    await expectToast(page, {
      destructive: true,
      title: en('auth.emailNotVerifiedTitle'),
      description: en('auth.emailNotVerifiedDescription', { email }),
    });
    await expectVisible(signInHeading(page));
  });

  it('resets a forgotten password through the mailed link, and signs in with the new one', async () => {
    const { page, errors } = await foray.newPage();
    errors.allow(/status of 401.*\/api\/auth\/sign-in\/email/);
    const email = uniqueEmail('forgetful');
    const newPassword = 'porcini-under-spruce-7';
    await signUpByApi(page.request, foray.baseUrl, email);
    await page.request.get(await verificationLink(foray.mail, email));
    await page.context().clearCookies();
    await page.goto('/');

    await page.getByRole('button', { name: exactly(en('auth.forgotPassword')) }).click();
    await expectVisible(page.getByRole('heading', { name: exactly(en('auth.forgotPasswordHeading')) }));
    await page.getByLabel(en('auth.email')).fill(email);
    await page.getByRole('button', { name: exactly(en('auth.sendResetLink')) }).click();
    await expectToast(page, { title: en('auth.resetSentTitle') });

    const mail = await foray.mail.waitForMail(email, /reset your foray password/i);
    await page.goto(foray.mail.linkIn(mail));
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    await expectVisible(page.getByRole('heading', { name: exactly(en('auth.setNewPasswordHeading')) }));
    await page.getByLabel(en('auth.newPassword')).fill(newPassword);
    await page.getByLabel(en('auth.confirmPassword')).fill(newPassword);
    await page.getByRole('button', { name: exactly(en('auth.setNewPassword')) }).click();
    await expectToast(page, { title: en('auth.passwordChangedTitle') });

    // The old password no longer works; the new one does.
    await expectVisible(signInHeading(page));
    const old = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: PASSWORD },
      headers: { origin: foray.baseUrl },
    });
    expect(old.status()).toBe(401);
    await fillSignIn(page, email, newPassword);
    await expectVisible(welcome(page, email));
  });

  it('signs out: back to the sign-in screen, and the old session cookie no longer opens the API', async () => {
    const { page, context } = await foray.newPage();
    const { email } = await signedInUser(page, foray);
    await expectVisible(welcome(page, email));
    const cookieHeader = (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    expect((await fetch(`${foray.baseUrl}/api/v1/me`, { headers: { cookie: cookieHeader } })).status).toBe(200);

    await page.getByRole('button', { name: exactly(en('auth.signOut')) }).click();
    await expectVisible(signInHeading(page));

    const after = await fetch(`${foray.baseUrl}/api/v1/me`, { headers: { cookie: cookieHeader } });
    expect(after.status).toBe(401);
    await page.reload();
    await expectVisible(signInHeading(page));
  });

  it('keeps a signed-in user signed in across a reload', async () => {
    const { page } = await foray.newPage();
    const { email } = await signedInUser(page, foray);
    await expectVisible(welcome(page, email));
    await page.reload();
    await expectVisible(welcome(page, email));
  });
});
