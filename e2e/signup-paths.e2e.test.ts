import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD, signUpByApi, uniqueEmail, verificationLink } from './support/accounts.ts';
import { firstAdministrator } from './support/admin.ts';
import { PHONE } from './support/circles.ts';
import { useForay } from './support/foray.ts';
import { en, exactly, lt } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

/**
 * Who may join (ADR 0079), the ways in that are not a server invitation, each end to end: a circle's link on an
 * invite-only server, a sign-up an administrator refuses, a closed server where the administrator makes the account
 * and the person chooses a password from the mail, and the domains that may always sign up.
 */
const foray = useForay({ env: { SIGNUP_POLICY: 'invite' } });
let admin: Awaited<ReturnType<typeof firstAdministrator>>;
beforeAll(async () => {
  admin = await firstAdministrator(foray);
});

const setPolicy = (policy: string, domains: string[] = []) =>
  admin.request('PATCH', '/api/v1/admin/settings', { signup_policy: policy, signup_domains: domains });
const inLithuanian = { locale: 'lt-LT', viewport: PHONE };

async function fillAndSubmit(page: Page, words: typeof en, email: string, submit: string) {
  await page.getByLabel(words('auth.email')).fill(email);
  await page.getByLabel(words('auth.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: exactly(words(submit)) }).click();
}

/** The administrator's panel open on a page of its own. */
async function adminPanel() {
  const { page } = await foray.newPage({ viewport: PHONE });
  await admin.signIn(page);
  await page.goto('/');
  await page.getByRole('button', { name: exactly(en('admin.open')) }).click();
  const panel = page.getByRole('dialog', { name: exactly(en('admin.title')) });
  await expectVisible(panel.getByRole('heading', { name: exactly(en('admin.people.title')) }));
  return { page, panel };
}

describe('ways in besides a server invitation', () => {
  it('invite: a circle’s link lets someone without an account sign up, and they join the circle (lt)', async () => {
    await setPolicy('invite');
    const circle = await admin.request('POST', '/api/v1/circles', { name: 'Grybautojų būrelis' });
    const invite = await admin.request('POST', `/api/v1/circles/${circle.id as string}/invites`, {});

    const { page } = await foray.newPage(inLithuanian);
    const email = uniqueEmail('circle-guest');
    await page.goto(new URL(invite.url as string).pathname);
    await expectVisible(page.getByText(lt('app.inviteSignInFirst')));
    await page.getByRole('button', { name: exactly(lt('auth.switchToSignUp')) }).click();
    await fillAndSubmit(page, lt, email, 'auth.createAccount');
    await expectToast(page, {
      title: lt('auth.accountCreatedTitle'),
      description: lt('auth.accountCreatedDescription'),
    });

    await page.goto(await verificationLink(foray.mail, email));
    await expectToast(page, { title: lt('auth.verifiedTitle') });
    await fillAndSubmit(page, lt, email, 'auth.signIn');
    const question = page.getByRole('dialog', {
      name: exactly(lt('circles.join.question', { circle: 'Grybautojų būrelis' })),
    });
    await question.getByRole('button', { name: exactly(lt('circles.join.join')) }).click();
    await expectToast(page, { title: lt('circles.join.joined', { circle: 'Grybautojų būrelis' }) });
    const members = await admin.request('GET', `/api/v1/circles/${circle.id as string}/members`);
    expect(members.items as unknown[]).toHaveLength(2);
  });

  it('approval: an administrator refuses a sign-up in the panel, and that person cannot sign in', async () => {
    await setPolicy('approval');
    const { page, errors } = await foray.newPage({ viewport: PHONE });
    errors.allow(/status of 401.*\/api\/auth\/sign-in\/email/);
    const email = uniqueEmail('refused');
    await signUpByApi(page.request, foray.baseUrl, email, PASSWORD, undefined, 'Neatsiprašęs Svečias');
    await page.goto(await verificationLink(foray.mail, email));

    const { page: adminPage, panel } = await adminPanel();
    await panel
      .getByRole('button', { name: exactly(en('admin.people.refuseOf', { name: 'Neatsiprašęs Svečias' })) })
      .click();
    const question = adminPage.getByRole('dialog', {
      name: exactly(en('admin.people.refuseQuestion', { name: 'Neatsiprašęs Svečias', email })),
    });
    await question.getByRole('button', { name: exactly(en('admin.people.refuse')) }).click();
    await expectToast(adminPage, { title: en('admin.people.refused', { name: 'Neatsiprašęs Svečias' }) });
    await expectGone(panel.getByText('Neatsiprašęs Svečias'));

    // The account is gone: signing in says what any unknown address hears.
    await fillAndSubmit(page, en, email, 'auth.signIn');
    await expectToast(page, {
      destructive: true,
      title: en('auth.signInFailed'),
      description: en('errors.INVALID_EMAIL_OR_PASSWORD'),
    });
  });

  it('closed: no Create account; the administrator makes it, the person sets a password from the mail (lt)', async () => {
    await setPolicy('closed');
    const { page } = await foray.newPage(inLithuanian);
    await page.goto('/');
    await expectVisible(page.getByText(lt('auth.policyClosed')));
    expect(await page.getByRole('button', { name: exactly(lt('auth.switchToSignUp')) }).count()).toBe(0);

    const email = uniqueEmail('made');
    const { page: adminPage, panel } = await adminPanel();
    await panel.getByRole('button', { name: exactly(en('admin.people.add')) }).click();
    const form = panel.getByRole('form', { name: exactly(en('admin.people.add')) });
    await form.getByLabel(en('admin.people.email')).fill(email);
    await form.getByLabel(en('admin.people.name')).fill('Marija Paskirta');
    await form.getByRole('button', { name: exactly(en('admin.people.addSubmit')) }).click();
    await expectToast(adminPage, { title: en('admin.people.added', { email }) });

    const mail = await foray.mail.waitForMail(email, /account is ready/i);
    await page.goto(foray.mail.linkIn(mail));
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    await expectVisible(page.getByRole('heading', { name: exactly(lt('auth.setNewPasswordHeading')) }));
    await page.getByLabel(lt('auth.newPassword')).fill(PASSWORD);
    await page.getByLabel(lt('auth.confirmPassword')).fill(PASSWORD);
    await page.getByRole('button', { name: exactly(lt('auth.setNewPassword')) }).click();
    await expectToast(page, { title: lt('auth.passwordChangedTitle') });
    await fillAndSubmit(page, lt, email, 'auth.signIn');
    await expectVisible(page.getByRole('tab', { name: exactly(lt('tabs.map')), selected: true }));
  });

  it('the domain list: under invite a listed domain signs up from the screen, another address is refused', async () => {
    await setPolicy('invite', ['club.lt']);
    const { page, errors } = await foray.newPage({ viewport: PHONE });
    errors.allow(/status of 403.*\/api\/auth\/sign-up\/email/);
    await page.goto('/');
    // Told that some domains may, never which.
    await expectVisible(page.getByText(en('auth.policyDomainsInvite')));
    expect(await page.content()).not.toContain('club.lt');
    await page.getByRole('button', { name: exactly(en('auth.switchToSignUp')) }).click();

    await fillAndSubmit(page, en, uniqueEmail('outsider'), 'auth.createAccount');
    await expectToast(page, {
      destructive: true,
      title: en('auth.signUpFailed'),
      description: en('auth.domainRefusedInvite'),
    });

    const member = uniqueEmail('member').replace('@example.com', '@club.lt');
    await fillAndSubmit(page, en, member, 'auth.createAccount');
    await expectToast(page, {
      title: en('auth.accountCreatedTitle'),
      description: en('auth.accountCreatedDescription'),
    });
    await page.goto(await verificationLink(foray.mail, member));
    await expectToast(page, { title: en('auth.verifiedTitle') });
    await fillAndSubmit(page, en, member, 'auth.signIn');
    await expectVisible(page.getByRole('tab', { name: exactly(en('tabs.map')), selected: true }));
  });

  it('approval with domains listed: the words hold for an address that needs no approval, which signs in (lt)', async () => {
    await setPolicy('approval', ['club.lt']);
    const { page } = await foray.newPage(inLithuanian);
    await page.goto('/');
    await page.getByRole('button', { name: exactly(lt('auth.switchToSignUp')) }).click();
    await expectVisible(page.getByText(lt('auth.policyApprovalDomains')));
    const member = uniqueEmail('club-member').replace('@example.com', '@club.lt');
    await fillAndSubmit(page, lt, member, 'auth.createAccount');
    await expectToast(page, {
      title: lt('auth.accountCreatedTitle'),
      description: lt('auth.accountCreatedApprovalDomains'),
    });
    await page.goto(await verificationLink(foray.mail, member));
    await fillAndSubmit(page, lt, member, 'auth.signIn');
    await expectVisible(page.getByRole('tab', { name: exactly(lt('tabs.map')), selected: true }));
  });
});
