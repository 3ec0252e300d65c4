import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD, signedInUser, uniqueEmail, verificationLink } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { en, exactly, lt } from './support/texts.ts';
import { expectToast, expectVisible } from './support/ui.ts';

/**
 * Who may join (ADR 0079), on the sign-in screen of a new server that starts invite-only: what each policy says
 * in English and Lithuanian, a server invitation's link through sign-up, confirmation and sign-in, an account
 * waiting for approval, and the administrators' Sign-up section.
 */
const foray = useForay({ env: { SIGNUP_POLICY: 'invite' } });
let adminCookie = '';
let addresses = 0;

/** Node's own requests as the administrator (the browser's pages come and go with each test). */
async function asAdmin(method: string, path: string, body?: object) {
  const response = await fetch(new URL(path, foray.baseUrl), {
    method,
    headers: {
      cookie: adminCookie,
      origin: foray.baseUrl,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (response.status === 204 ? {} : response.json()) as Promise<Record<string, unknown>>;
}

const setPolicy = (policy: string) => asAdmin('PATCH', '/api/v1/admin/settings', { signup_policy: policy });

beforeAll(async () => {
  // The first account of a new server is its administrator, whatever the policy.
  const email = uniqueEmail('admin');
  const from = `10.77.0.${++addresses}`;
  const post = (path: string, body: object) =>
    fetch(new URL(path, foray.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: foray.baseUrl, 'x-forwarded-for': from },
      body: JSON.stringify(body),
    });
  expect((await post('/api/auth/sign-up/email', { email, password: PASSWORD })).status).toBe(200);
  expect((await fetch(await verificationLink(foray.mail, email), { redirect: 'manual' })).status).toBeLessThan(400);
  const signedIn = await post('/api/auth/sign-in/email', { email, password: PASSWORD });
  adminCookie = signedIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const me = await asAdmin('GET', '/api/v1/me');
  expect(me.role).toBe('admin');
});

const inLithuanian = { locale: 'lt-LT' };
const signInHeading = (page: Page, words = en) =>
  page.getByRole('heading', { name: exactly(words('auth.signInHeading')) });
const createOne = (page: Page, words = en) => page.getByRole('button', { name: exactly(words('auth.switchToSignUp')) });

describe('the sign-in screen says who may join', () => {
  it('invite: no Create account, and how to get in (en, lt)', async () => {
    await setPolicy('invite');
    for (const [words, options] of [
      [en, {}],
      [lt, inLithuanian],
    ] as const) {
      const { page } = await foray.newPage(options);
      await page.goto('/');
      await expectVisible(signInHeading(page, words));
      await expectVisible(page.getByText(words('auth.policyInvite')));
      expect(await createOne(page, words).count()).toBe(0);
    }
  });

  it('closed: no Create account, and that the administrator makes accounts (en, lt)', async () => {
    await setPolicy('closed');
    for (const [words, options] of [
      [en, {}],
      [lt, inLithuanian],
    ] as const) {
      const { page } = await foray.newPage(options);
      await page.goto('/');
      await expectVisible(page.getByText(words('auth.policyClosed')));
      expect(await createOne(page, words).count()).toBe(0);
    }
  });

  it('open: the toggle as it always was, and no word about invitations', async () => {
    await setPolicy('open');
    const { page } = await foray.newPage();
    await page.goto('/');
    await createOne(page).click();
    await expectVisible(page.getByRole('heading', { name: exactly(en('auth.signUpHeading')) }));
    expect(await page.getByTestId('signup-policy').count()).toBe(0);
  });

  it('still signs in when the policy cannot be asked (the server unreachable for it)', async () => {
    await setPolicy('closed');
    const { page, errors } = await foray.newPage();
    errors.allow(/api\/v1\/signup|ERR_FAILED|Failed to load resource/);
    await page.route('**/api/v1/signup', (route) => route.abort());
    await page.goto('/');
    await expectVisible(signInHeading(page));
    await expectVisible(page.getByRole('button', { name: exactly(en('auth.signIn')) }));
  });

  it('approval: sign up with the note, told to wait, refused at sign-in until approved (en, lt)', async () => {
    await setPolicy('approval');
    for (const [words, options] of [
      [en, {}],
      [lt, inLithuanian],
    ] as const) {
      const { page, errors } = await foray.newPage(options);
      errors.allow(/status of 403.*\/api\/auth\/sign-in\/email/);
      const email = uniqueEmail('waiting');
      await page.goto('/');
      await createOne(page, words).click();
      await expectVisible(page.getByText(words('auth.policyApproval')));
      await page.getByLabel(words('auth.email')).fill(email);
      await page.getByLabel(words('auth.password'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: exactly(words('auth.createAccount')) }).click();
      await expectToast(page, {
        title: words('auth.accountCreatedTitle'),
        description: words('auth.accountCreatedApproval'),
      });
      await page.goto(await verificationLink(foray.mail, email));
      await page.getByLabel(words('auth.email')).fill(email);
      await page.getByLabel(words('auth.password'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: exactly(words('auth.signIn')) }).click();
      await expectToast(page, {
        destructive: true,
        title: words('auth.signInFailed'),
        description: words('errors.ACCOUNT_PENDING'),
      });
      await expectVisible(signInHeading(page, words));
    }
  });
});

describe('a server invitation', () => {
  it('opens the sign-up with the invitation kept: sign up, confirm the mail, sign in', async () => {
    await setPolicy('invite');
    const invite = await asAdmin('POST', '/api/v1/admin/invites', { max_uses: 1 });
    const url = invite.url as string;
    expect(new URL(url).pathname).toMatch(/^\/join\//);

    const { page } = await foray.newPage();
    const email = uniqueEmail('invited');
    await page.goto(new URL(url).pathname);
    // The address no longer shows the token; the sign-up form is open, with the word that there is an invitation.
    expect(new URL(page.url()).pathname).toBe('/');
    await expectVisible(page.getByRole('heading', { name: exactly(en('auth.signUpHeading')) }));
    await expectVisible(page.getByText(en('auth.joinInvited')));
    await page.getByLabel(en('auth.email')).fill(email);
    await page.getByLabel(en('auth.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: exactly(en('auth.createAccount')) }).click();
    await expectToast(page, {
      title: en('auth.accountCreatedTitle'),
      description: en('auth.accountCreatedDescription'),
    });

    await page.goto(await verificationLink(foray.mail, email));
    await expectToast(page, { title: en('auth.verifiedTitle') });
    await page.getByLabel(en('auth.email')).fill(email);
    await page.getByLabel(en('auth.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: exactly(en('auth.signIn')) }).click();
    await expectVisible(page.getByRole('tab', { name: exactly(en('tabs.map')), selected: true }));

    // Used once, as it allowed: it is no longer among the open ones.
    const open = (await asAdmin('GET', '/api/v1/admin/invites')).items as { id: string }[];
    expect(open.map((item) => item.id)).not.toContain(invite.id);
  });

  it('refused sign-up reads clearly when the link no longer works (lt)', async () => {
    await setPolicy('invite');
    const invite = await asAdmin('POST', '/api/v1/admin/invites', {});
    await asAdmin('DELETE', `/api/v1/admin/invites/${invite.id as string}`);
    const { page, errors } = await foray.newPage(inLithuanian);
    errors.allow(/status of 403.*\/api\/auth\/sign-up\/email/);
    await page.goto(new URL(invite.url as string).pathname);
    await page.getByLabel(lt('auth.email')).fill(uniqueEmail('late'));
    await page.getByLabel(lt('auth.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: exactly(lt('auth.createAccount')) }).click();
    await expectToast(page, {
      destructive: true,
      title: lt('auth.signUpFailed'),
      description: lt('errors.INVITE_REQUIRED'),
    });
  });
});

describe('the administrators’ Sign-up section', () => {
  it('changes the policy and makes an invitation with its link and QR code', async () => {
    await setPolicy('open');
    const { page } = await foray.newPage();
    // An ordinary member first: the panel is an administrator's only, so sign in as the administrator afterwards.
    const member = await signedInUser(page, foray);
    await expectVisible(page.getByText(en('app.welcome', { email: member.email })));
    expect(await page.getByRole('button', { name: exactly(en('admin.open')) }).count()).toBe(0);

    await page.context().clearCookies();
    await page.context().addCookies(
      adminCookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: foray.baseUrl };
      }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: exactly(en('admin.open')) }).click();
    const dialog = page.getByRole('dialog', { name: exactly(en('admin.title')) });
    await dialog.getByRole('radio', { name: exactly(en('admin.signup.policyApproval')) }).check();
    await dialog.getByRole('button', { name: exactly(en('admin.signup.save')) }).click();
    await expectToast(page, { title: en('admin.signup.saved') });
    expect((await asAdmin('GET', '/api/v1/admin/settings')).signup_policy).toBe('approval');

    await dialog.getByRole('button', { name: exactly(en('admin.signup.createLink')) }).click();
    await expectToast(page, { title: en('admin.signup.inviteCreated') });
    await expectVisible(dialog.getByRole('img', { name: exactly(en('admin.signup.qrLabel')) }));
    const link = await dialog.getByRole('textbox', { name: exactly(en('admin.signup.linkLabel')) }).inputValue();
    expect(new URL(link).pathname).toMatch(/^\/join\/[\w-]+$/);
    await expectVisible(dialog.getByTestId('server-invites').getByRole('listitem'));
  });
});
