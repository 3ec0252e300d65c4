import { describe, expect, it } from 'vitest';
import { signUpByApi, uniqueEmail, verificationLink, PASSWORD } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { en, exactly } from './support/texts.ts';
import { expectVisible } from './support/ui.ts';

const foray = useForay();

describe('browser console', () => {
  it('stays free of errors on the sign-in screen and the main screen, a signed-out visit included', async () => {
    // No allow(): not even the failed request a signed-out session check used to log.
    const { page, errors } = await foray.newPage();
    const email = uniqueEmail('quiet');
    await signUpByApi(page.request, foray.baseUrl, email);
    await page.request.get(await verificationLink(foray.mail, email));
    await page.context().clearCookies();

    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: exactly(en('auth.signInHeading')) }));
    await page.waitForLoadState('networkidle');
    expect(errors.unexpected(), 'console errors on the sign-in screen').toEqual([]);

    await page.getByLabel(en('auth.email')).fill(email);
    await page.getByLabel(en('auth.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: exactly(en('auth.signIn')) }).click();
    await expectVisible(page.getByRole('region', { name: en('map.mapLabel') }));
    await page.waitForLoadState('networkidle');
    expect(errors.unexpected(), 'console errors on the main screen').toEqual([]);

    // A reload asks who is signed in again; a signed-in answer must be as quiet.
    await page.reload();
    await expectVisible(page.getByRole('region', { name: en('map.mapLabel') }));
    await page.waitForLoadState('networkidle');
    expect(errors.unexpected(), 'console errors after a reload').toEqual([]);
  });
});
