import { describe, expect, it } from 'vitest';
import { PASSWORD, signedInUser, uniqueEmail, verificationLink } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import {
  PHONE,
  circleByApi,
  inviteByApi,
  memberRow,
  openCircles,
  setDisplayName,
  startingWith,
} from './support/circles.ts';
import { useForay } from './support/foray.ts';
import { en, englishLeftIn, exactly, keysLeftIn, lt } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

const foray = useForay();

const CIRCLE = 'Vilnius mycological club';

describe('circles', () => {
  it('makes a circle, invites by link, and a new forager joins after signing up; the owner removes them', async () => {
    const owner = await foray.newPage({ viewport: PHONE });
    const { email: ownerEmail } = await signedInUser(owner.page, foray, uniqueEmail('owner'));
    await setDisplayName(owner.page, foray.baseUrl, 'Ona Miškinė');

    // A new circle opens at once, with its owner as its only member.
    const circles = await openCircles(owner.page);
    await expectVisible(circles.getByText(en('circles.none')));
    await circles.getByLabel(en('circles.newName')).fill(CIRCLE);
    await circles.getByRole('button', { name: exactly(en('circles.create')) }).click();
    await expectToast(owner.page, { title: en('circles.created', { circle: CIRCLE }) });
    const circle = owner.page.getByRole('dialog', { name: exactly(CIRCLE) });
    await expectVisible(circle);
    await expectVisible(memberRow(circle, 'Ona Miškinė').getByText(exactly(en('circles.role.owner'))));

    // An invitation link, with its QR code and a Copy button; listed among the open invitations.
    await circle.getByRole('button', { name: exactly(en('circles.createLink')) }).click();
    await expectToast(owner.page, { title: en('circles.inviteCreated') });
    await expectVisible(circle.getByRole('img', { name: exactly(en('circles.qrLabel', { circle: CIRCLE })) }));
    await expectVisible(circle.getByRole('button', { name: exactly(en('circles.copyLink')) }));
    const link = await circle.getByLabel(en('circles.linkLabel')).inputValue();
    const invitePath = new URL(link).pathname;
    expect(invitePath).toMatch(/^\/invite\/[\w.~-]+$/);
    const revoke = circle.getByRole('button', { name: startingWith(en('circles.revokeInviteOf', { until: '' })) });
    await expectVisible(revoke);
    expect(await revoke.count()).toBe(1);
    await expectNoSeriousA11yViolations(owner.page, 'circle panel');
    const circleId = ((await (await owner.page.request.get('/api/v1/circles')).json()) as { items: { id: string }[] })
      .items[0]!.id;

    // A second browser, signed out: the invitation waits through sign-up and the confirmation e-mail.
    const member = await foray.newPage({ viewport: PHONE });
    const memberEmail = uniqueEmail('member');
    await member.page.goto(invitePath);
    await expectVisible(member.page.getByText(en('app.inviteSignInFirst')));
    // The token does not stay in the address bar.
    expect(new URL(member.page.url()).pathname).toBe('/');
    await member.page.getByRole('button', { name: exactly(en('auth.switchToSignUp')) }).click();
    await member.page.getByLabel(en('auth.email')).fill(memberEmail);
    await member.page.getByLabel(en('account.signUpName')).fill('Jonas Grybautojas');
    await member.page.getByLabel(en('auth.password'), { exact: true }).fill(PASSWORD);
    await member.page.getByRole('button', { name: exactly(en('auth.createAccount')) }).click();
    await expectToast(member.page, { title: en('auth.accountCreatedTitle') });
    await member.page.goto(await verificationLink(foray.mail, memberEmail));
    await expectToast(member.page, { title: en('auth.verifiedTitle') });
    await expectVisible(member.page.getByText(en('app.inviteSignInFirst')));
    await member.page.getByLabel(en('auth.email')).fill(memberEmail);
    await member.page.getByLabel(en('auth.password'), { exact: true }).fill(PASSWORD);
    await member.page.getByRole('button', { name: exactly(en('auth.signIn')) }).click();

    // "Join …?" with who invited. Looking at it joins nobody.
    const question = member.page.getByRole('dialog', {
      name: exactly(en('circles.join.question', { circle: CIRCLE })),
    });
    await expectVisible(question);
    expect(await question.innerText()).toContain(en('circles.join.invitedBy', { name: 'Ona Miškinė' }));
    const before = await owner.page.request.get(`/api/v1/circles/${circleId}/members`);
    expect(((await before.json()) as { items: unknown[] }).items).toHaveLength(1);
    await question.getByRole('button', { name: exactly(en('circles.join.join')) }).click();
    await expectToast(member.page, { title: en('circles.join.joined', { circle: CIRCLE }) });

    // The circle opens: both members by name and role, nobody's e-mail.
    const joined = member.page.getByRole('dialog', { name: exactly(CIRCLE) });
    await expectVisible(memberRow(joined, 'Ona Miškinė').getByText(exactly(en('circles.role.owner'))));
    await expectVisible(memberRow(joined, 'Jonas Grybautojas').getByText(exactly(en('circles.role.member'))));
    const seen = await joined.innerText();
    expect(seen).not.toContain(ownerEmail);
    expect(seen).not.toContain(memberEmail);
    // A member neither invites nor removes anyone; they may leave.
    expect(await joined.getByRole('button', { name: exactly(en('circles.createLink')) }).count()).toBe(0);
    expect(await joined.getByRole('button', { name: exactly(en('circles.remove')) }).count()).toBe(0);
    await expectVisible(joined.getByRole('button', { name: exactly(en('circles.leave')) }));
    await expectNoSeriousA11yViolations(member.page, 'circle panel of a member');
    // Answered: the tab keeps no invitation, and a reload does not ask again.
    expect(await member.page.evaluate(() => sessionStorage.getItem('foray.pendingInvite'))).toBeNull();
    await member.page.reload();
    await expectVisible(member.page.getByRole('tab', { name: exactly(en('tabs.map')) }));
    expect(await member.page.getByRole('dialog').count()).toBe(0);

    // The owner sees the new member, and removes them after a question.
    await owner.page.reload();
    const ownersList = await openCircles(owner.page);
    await expectVisible(ownersList.getByText(en('circles.memberCount_other', { count: 2 })));
    await ownersList.getByRole('button', { name: startingWith(CIRCLE) }).click();
    const ownersCircle = owner.page.getByRole('dialog', { name: exactly(CIRCLE) });
    await ownersCircle
      .getByRole('button', { name: exactly(en('circles.removeMember', { name: 'Jonas Grybautojas' })) })
      .click();
    const confirm = owner.page.getByRole('dialog', { name: exactly(en('circles.removeQuestion', { circle: CIRCLE })) });
    await expectVisible(confirm);
    // It says what is true: the link they joined with will not let them back in (ADR 0069).
    expect(await confirm.innerText()).toContain(en('circles.removeExplain', { name: 'Jonas Grybautojas' }));
    await confirm.getByRole('button', { name: exactly(en('circles.remove')) }).click();
    await expectToast(owner.page, { title: en('circles.removed', { name: 'Jonas Grybautojas' }) });
    await expectGone(memberRow(ownersCircle, 'Jonas Grybautojas'));

    // The removed member's list no longer holds the circle.
    const membersList = await openCircles(member.page);
    await expectVisible(membersList.getByText(en('circles.none')));

    // The link they joined with still works for others, but not for them: it was made before they were removed.
    member.errors.allow(/status of 403/);
    await member.page.goto(invitePath);
    const refused = member.page.getByRole('dialog', { name: exactly(en('circles.join.notWorkingTitle')) });
    await expectVisible(refused);
    expect(await refused.innerText()).toContain(en('circles.invite.leftBefore'));
    expect(await refused.innerText()).not.toContain(CIRCLE);
    expect(((await (await member.page.request.get('/api/v1/circles')).json()) as { items: unknown[] }).items).toEqual(
      [],
    );

    // Revoked, it is gone from the open invitations.
    await ownersCircle.getByRole('button', { name: startingWith(en('circles.revokeInviteOf', { until: '' })) }).click();
    await expectToast(owner.page, { title: en('circles.inviteRevoked') });
    await expectVisible(ownersCircle.getByText(en('circles.noOpenInvites')));
  });

  it('speaks Lithuanian throughout the circle panel', async () => {
    const { page } = await foray.newPage({ viewport: PHONE });
    await signedInUser(page, foray, uniqueEmail('lt'));
    await page
      .getByRole('group', { name: exactly(en('common.language')) })
      .getByRole('button', { name: 'lt', exact: true })
      .click();
    const circles = await openCircles(page, lt);
    await circles.getByLabel(lt('circles.newName')).fill('Šeima');
    await circles.getByRole('button', { name: exactly(lt('circles.create')) }).click();
    const circle = page.getByRole('dialog', { name: exactly('Šeima') });
    await expectVisible(circle);
    await circle.getByRole('button', { name: exactly(lt('circles.createLink')) }).click();
    await expectToast(page, { title: lt('circles.inviteCreated') });
    await expectVisible(circle.getByRole('img', { name: exactly(lt('circles.qrLabel', { circle: 'Šeima' })) }));
    await circle.getByText(lt('circles.linkOptions')).click();
    await expectVisible(circle.getByLabel(lt('circles.daysLabel')));
    expect(await circle.getByLabel(lt('circles.daysLabel')).inputValue()).toBe('7');
    expect(await englishLeftIn(page), 'circle panel').toEqual([]);
    expect(await keysLeftIn(page), 'circle panel').toEqual([]);
  });

  it('brings a new forager who confirms the sign-up in another tab back to "Join …?"', async () => {
    const owner = await foray.newPage({ viewport: PHONE });
    await signedInUser(owner.page, foray, uniqueEmail('tab-owner'));
    await setDisplayName(owner.page, foray.baseUrl, 'Ona Miškinė');
    const circle = await circleByApi(owner.page, foray.baseUrl, 'Family');
    const invite = await inviteByApi(owner.page, foray.baseUrl, circle.id);

    // The link opened signed out; the sign-up made in this tab.
    const member = await foray.newPage({ viewport: PHONE });
    const email = uniqueEmail('tab-member');
    await member.page.goto(new URL(invite.url).pathname);
    await expectVisible(member.page.getByText(en('app.inviteSignInFirst')));
    await member.page.getByRole('button', { name: exactly(en('auth.switchToSignUp')) }).click();
    await member.page.getByLabel(en('auth.email')).fill(email);
    await member.page.getByLabel(en('auth.password'), { exact: true }).fill(PASSWORD);
    await member.page.getByRole('button', { name: exactly(en('auth.createAccount')) }).click();
    await expectToast(member.page, { title: en('auth.accountCreatedTitle') });

    // The confirmation e-mail opened in a new tab, which knows nothing of the first: its link leads back to the
    // invitation, and after signing in there the question follows.
    const mailTab = await member.context.newPage();
    await mailTab.goto(await verificationLink(foray.mail, email));
    await expectToast(mailTab, { title: en('auth.verifiedTitle') });
    await expectVisible(mailTab.getByText(en('app.inviteSignInFirst')));
    expect(new URL(mailTab.url()).pathname).toBe('/');
    await mailTab.getByLabel(en('auth.email')).fill(email);
    await mailTab.getByLabel(en('auth.password'), { exact: true }).fill(PASSWORD);
    await mailTab.getByRole('button', { name: exactly(en('auth.signIn')) }).click();
    const question = mailTab.getByRole('dialog', { name: exactly(en('circles.join.question', { circle: 'Family' })) });
    await expectVisible(question);
    expect(await question.innerText()).toContain(en('circles.join.invitedBy', { name: 'Ona Miškinė' }));
    // Kept in that tab only, for the question: nothing in the browser's lasting storage.
    expect(await mailTab.evaluate(() => JSON.stringify(localStorage))).not.toContain(invite.token);
  });
});
