import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Spot } from '../common/schemas/spots.ts';
import { signedInUser, uniqueEmail } from './support/accounts.ts';
import {
  PHONE,
  circleByApi,
  inviteByApi,
  joinByApi,
  memberRow,
  openCircle,
  openCircles,
  setDisplayName,
} from './support/circles.ts';
import { useForay } from './support/foray.ts';
import { addForm, cardOf, clickMap, createSpotByApi, openTab } from './support/spots.ts';
import { en, englishLeftIn, exactly, keysLeftIn, lt } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

// What the people in a circle do after joining it (issue #20, ADR 0053): share a spot with it from the add form,
// make an admin, hand the circle over, leave it, delete it — and what each does to the spots shared through it.
const foray = useForay();

async function forager(label: string, name: string) {
  const who = await foray.newPage({ viewport: PHONE });
  await signedInUser(who.page, foray, uniqueEmail(label));
  await setDisplayName(who.page, foray.baseUrl, name);
  return who;
}

const seenIds = async (page: Page) =>
  ((await (await page.request.get('/api/v1/locations')).json()) as { items: Spot[] }).items.map((spot) => spot.id);

describe('roles in a circle', () => {
  it('shares a spot with the circle from the add form; makes an admin, hands the circle over, and the former owner leaves', async () => {
    const ona = await forager('roles-owner', 'Ona Miškinė');
    const jonas = await forager('roles-member', 'Jonas Grybautojas');
    const family = await circleByApi(ona.page, foray.baseUrl, 'Family');
    await joinByApi(ona.page, jonas.page, foray.baseUrl, family.id);
    await ona.page.reload();

    // The add form: who sees it, the circle ticked, and the sentence that says so.
    await clickMap(ona.page, -40, 40);
    const form = addForm(ona.page);
    await form.getByLabel(en('form.mushroomTypes')).fill('Chanterelles by the birches');
    await form.getByLabel(en('form.finder')).fill('Ona');
    await form.getByLabel(en('form.sharing')).selectOption('circles');
    await form
      .getByRole('group', { name: exactly(en('sharing.chooseCircles')) })
      .getByLabel('Family')
      .check();
    await expect
      .poll(() => form.innerText())
      .toContain(
        en('sharing.sees', {
          who: en('sharing.who.circle', { name: en('sharing.quotedName', { name: 'Family' }) }),
          how: en('sharing.how.exact'),
        }),
      );
    await form.getByRole('button', { name: exactly(en('form.save')) }).click();
    await expectToast(ona.page, { title: en('form.locationSavedTitle') });
    await expectGone(form);

    // The member sees it, saying who shared it and through which circle.
    await jonas.page.reload();
    await openTab(jonas.page, 'locations');
    const card = cardOf(jonas.page, 'Chanterelles by the birches');
    await expectVisible(card);
    await expect
      .poll(() => card.innerText())
      .toContain(en('sharing.sharedByIn', { owner: 'Ona Miškinė', circles: 'Family' }));
    const [spotId] = await seenIds(jonas.page);

    // The owner mails an invitation: she sees where it went.
    const address = uniqueEmail('roles-invited');
    await inviteByApi(ona.page, foray.baseUrl, family.id, { email: address });
    const circle = await openCircle(ona.page, 'Family');
    await expectVisible(circle.getByText(en('circles.sentTo', { email: address })));

    // The owner makes the member an admin; the member's own panel says so.
    await circle
      .getByRole('button', { name: exactly(en('circles.makeAdminOf', { name: 'Jonas Grybautojas' })) })
      .click();
    await expectToast(ona.page, { title: en('circles.madeAdmin', { name: 'Jonas Grybautojas' }) });
    await expectVisible(memberRow(circle, 'Jonas Grybautojas').getByText(exactly(en('circles.role.admin'))));
    const asJonas = await openCircle(jonas.page, 'Family');
    await expectVisible(memberRow(asJonas, 'Jonas Grybautojas').getByText(exactly(en('circles.role.admin'))));
    // An admin may invite. He sees that the owner mailed an invitation, and by whom, but not where (ADR 0069).
    await expectVisible(asJonas.getByRole('button', { name: exactly(en('circles.createLink')) }));
    await expectVisible(asJonas.getByText(en('circles.sentByOther', { name: 'Ona Miškinė' })));
    expect(await asJonas.innerText()).not.toContain(address);

    // The owner cannot leave yet; hands the circle over, after a question, and stays as an admin.
    await expectVisible(circle.getByText(en('circles.ownerLeaves')));
    await circle.getByLabel(en('circles.newOwner')).selectOption({ label: 'Jonas Grybautojas' });
    await circle.getByRole('button', { name: exactly(en('circles.handOver')) }).click();
    const handOver = ona.page.getByRole('dialog', {
      name: exactly(en('circles.handOverQuestion', { circle: 'Family', name: 'Jonas Grybautojas' })),
    });
    await expectVisible(handOver);
    await handOver.getByRole('button', { name: exactly(en('circles.handOver')) }).click();
    await expectToast(ona.page, { title: en('circles.handedOver', { circle: 'Family', name: 'Jonas Grybautojas' }) });
    await expectVisible(memberRow(circle, 'Jonas Grybautojas').getByText(exactly(en('circles.role.owner'))));
    await expectVisible(memberRow(circle, 'Ona Miškinė').getByText(exactly(en('circles.role.admin'))));
    // No longer the owner: neither renaming nor deleting is offered.
    await expectGone(circle.getByRole('button', { name: exactly(en('circles.delete')) }));

    // Now a plain admin, she leaves. Her spot stops being shared with the circle as she goes.
    await circle.getByRole('button', { name: exactly(en('circles.leave')) }).click();
    const leave = ona.page.getByRole('dialog', { name: exactly(en('circles.leaveQuestion', { circle: 'Family' })) });
    await expectVisible(leave);
    await leave.getByRole('button', { name: exactly(en('circles.leave')) }).click();
    await expectToast(ona.page, { title: en('circles.left', { circle: 'Family' }) });
    await ona.page.reload();
    const onasList = await openCircles(ona.page);
    await expectVisible(onasList.getByText(en('circles.none')));

    // The new owner's circle has him alone; the spot she shared is gone from his list.
    await jonas.page.reload();
    const now = await openCircle(jonas.page, 'Family');
    await expectVisible(memberRow(now, 'Jonas Grybautojas').getByText(exactly(en('circles.role.owner'))));
    await expectGone(memberRow(now, 'Ona Miškinė'));
    expect(await seenIds(jonas.page)).not.toContain(spotId);
    await jonas.page.reload();
    await openTab(jonas.page, 'locations');
    await expectGone(cardOf(jonas.page, 'Chanterelles by the birches'));
  });

  it('deletes a circle, in Lithuanian: what was shared only through it leaves the member', async () => {
    const owner = await forager('delete-owner', 'Rūta');
    const member = await forager('delete-member', 'Tomas');
    const family = await circleByApi(owner.page, foray.baseUrl, 'Šeima');
    await joinByApi(owner.page, member.page, foray.baseUrl, family.id);
    const shared = await createSpotByApi(owner.page, foray.baseUrl, {
      mushroom_types: 'Baravykai prie ežero',
      latitude: 55.1,
      longitude: 23.8,
      audience: 'circles',
      circle_ids: [family.id],
    });
    await member.page.reload();
    await openTab(member.page, 'locations');
    await expectVisible(cardOf(member.page, 'Baravykai prie ežero'));

    await owner.page
      .getByRole('group', { name: exactly(en('common.language')) })
      .getByRole('button', { name: 'lt', exact: true })
      .click();
    const circle = await openCircle(owner.page, 'Šeima', lt);
    await circle.getByRole('button', { name: exactly(lt('circles.delete')) }).click();
    const question = owner.page.getByRole('dialog', {
      name: exactly(lt('circles.deleteQuestion', { circle: 'Šeima' })),
    });
    await expectVisible(question);
    expect(await question.innerText()).toContain(lt('circles.deleteExplain'));
    expect(await englishLeftIn(owner.page), 'delete question').toEqual([]);
    expect(await keysLeftIn(owner.page), 'delete question').toEqual([]);
    await question.getByRole('button', { name: exactly(lt('circles.delete')) }).click();
    await expectToast(owner.page, { title: lt('circles.deleted', { circle: 'Šeima' }) });
    await owner.page.reload();
    const list = await openCircles(owner.page, lt);
    await expectVisible(list.getByText(lt('circles.none')));

    // The member: the spot is not found, as one that never was, and leaves the list.
    expect((await member.page.request.get(`/api/v1/locations/${shared.id}`)).status()).toBe(404);
    await member.page.reload();
    await openTab(member.page, 'locations');
    await expectGone(cardOf(member.page, 'Baravykai prie ežero'));
    // The owner still has it, now only hers.
    const own = (await (await owner.page.request.get(`/api/v1/locations/${shared.id}`)).json()) as Spot;
    expect(own).toMatchObject({ audience: 'private', circle_ids: [] });
  });
});
