import { describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import type { Spot } from '../common/schemas/spots.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { cardOf, createSpotByApi, listedTitles, markerOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

const foray = useForay();

describe('sharing', () => {
  it('a spot made public is seen by another forager on the list and the map; a private one never is', async () => {
    const owner = await foray.newPage();
    await signedInUser(owner.page, foray, uniqueEmail('owner'));
    // Both near the map's default centre, far enough apart not to be grouped at the start zoom.
    await createSpotByApi(owner.page, foray.baseUrl, {
      mushroom_types: 'Chanterelles by the lake',
      latitude: 55.3,
      longitude: 23.2,
    });
    await createSpotByApi(owner.page, foray.baseUrl, {
      mushroom_types: 'Secret porcini',
      latitude: 54.9,
      longitude: 24.6,
    });
    await owner.page.reload();

    await openTab(owner.page, 'locations');
    const card = cardOf(owner.page, 'Chanterelles by the lake');
    await expectVisible(card);
    expect(await card.innerText()).toContain(en('sharing.private'));
    await card.getByRole('button', { name: exactly(en('locations.share')) }).click();

    const dialog = owner.page.getByRole('dialog', { name: exactly(en('sharing.dialogTitle')) });
    await expectVisible(dialog);
    const audience = dialog.getByRole('group', { name: exactly(en('form.sharing')) });
    const onlyMe = audience.getByRole('radio', { name: exactly(en('sharing.private')) });
    const everyone = audience.getByRole('radio', { name: exactly(en('sharing.public')) });
    expect(await onlyMe.isChecked()).toBe(true);
    expect(await dialog.innerText()).toContain(en('sharing.seesPrivate'));
    // "Only me" has no precision for others, and nothing on the map for them to see.
    const precision = dialog.getByRole('group', { name: exactly(en('sharing.precisionLabel')) });
    expect(await precision.count()).toBe(0);
    // Offline devices keep what they have until they next connect: the dialog says so.
    expect(await dialog.innerText()).toContain(en('sharing.offlineDevices'));
    // In no circle yet: choosing circles says where to make one, and opens it.
    await audience.getByRole('radio', { name: exactly(en('sharing.circles')) }).check();
    await expectVisible(dialog.getByText(exactly(en('sharing.noCircles'))));
    await dialog.getByRole('button', { name: exactly(en('sharing.openCircles')) }).click();
    const account = owner.page.getByRole('dialog', { name: exactly(en('account.title')) });
    await expectVisible(account.getByRole('region', { name: exactly(en('circles.title')) }));
    await account.getByRole('button', { name: exactly(en('common.close')) }).click();
    await expectGone(account);
    await expectVisible(dialog);
    await everyone.check();
    const exactForEveryone = en('sharing.sees', { who: en('sharing.who.public'), how: en('sharing.how.exact') });
    await expect.poll(() => dialog.innerText()).toContain(exactForEveryone);
    expect(await precision.getByRole('radio', { name: exactly(en('sharing.precision.exact')) }).isChecked()).toBe(true);
    await expectVisible(dialog.getByRole('img', { name: exactly(en('sharing.previewLabel')) }));
    expect(await dialog.innerText()).toContain(en('sharing.previewExact'));
    // About 1 km: the sentence and the small map say so; back to exact before saving.
    await precision.getByRole('radio', { name: exactly(en('sharing.precision.1km')) }).check();
    await expect
      .poll(() => dialog.innerText())
      .toContain(en('sharing.sees', { who: en('sharing.who.public'), how: en('sharing.how.1km') }));
    await expectVisible(
      dialog.getByRole('img', {
        name: exactly(`${en('sharing.previewLabel')}: ${en('sharing.previewSquare', { size: '1 km' })}`),
      }),
    );
    expect(await dialog.innerText()).toContain(en('sharing.previewApproximate', { size: '1 km' }));
    await precision.getByRole('radio', { name: exactly(en('sharing.precision.exact')) }).check();
    await dialog.getByRole('button', { name: exactly(en('sharing.update')) }).click();
    // Confirmed once the server has it, saying who can see the spot now.
    await expectToast(owner.page, { title: en('sharing.sharingUpdatedSuccess'), description: exactForEveryone });
    await expectGone(dialog);
    await expectVisible(card.getByText(exactly(en('sharing.public'))));

    // A second forager, in a separate browser profile.
    const other = await foray.newPage();
    await signedInUser(other.page, foray, uniqueEmail('other'));
    expect(await listedTitles(other.page)).toEqual(['Chanterelles by the lake']);
    await expectVisible(markerOf(other.page, 'mushroom_spot', 'Chanterelles by the lake'));
    expect(await markerOf(other.page, 'mushroom_spot', 'Secret porcini').count()).toBe(0);
    await expectVisible(other.page.getByText(exactly(en('map.locationCount_one', { count: 1 }))));
    // Its popup guides there, and offers no Edit or Move: those are the owner's.
    await markerOf(other.page, 'mushroom_spot', 'Chanterelles by the lake').click();
    const popup = other.page.getByRole('heading', { name: exactly('Chanterelles by the lake') }).locator('xpath=..');
    await expectVisible(popup.getByRole('button', { name: exactly(en('guidance.guideMeHere')) }));
    expect(await popup.getByRole('button', { name: exactly(en('locations.edit')) }).count()).toBe(0);
    expect(await popup.getByRole('button', { name: exactly(en('map.move')) }).count()).toBe(0);

    await openTab(other.page, 'locations');
    const shared = cardOf(other.page, 'Chanterelles by the lake');
    await expectVisible(shared);
    const sharedText = await shared.innerText();
    expect(sharedText).not.toContain(en('locations.addedByYou'));
    expect(sharedText).toContain(en('sharing.public'));
    // Shared exactly: nothing said of an approximate place.
    expect(sharedText).not.toContain(en('sharing.approximate.1km'));
    // Only the owner may edit, share or delete; anyone who sees the spot may be guided to it, and report a public one.
    expect(await shared.getByRole('button', { name: exactly(en('locations.share')) }).count()).toBe(0);
    expect(await shared.getByRole('button', { name: exactly(en('locations.delete')) }).count()).toBe(0);
    expect((await shared.getByRole('button').allInnerTexts()).map((name) => name.trim())).toEqual([
      en('guidance.guideMeHere'),
      en('reports.report'),
    ]);
    expect(await cardOf(other.page, 'Secret porcini').count()).toBe(0);

    // Nor can the API be talked into showing it, by area or by list.
    const byArea = await other.page.request.get('/api/v1/locations?bbox=20,50,30,60');
    expect(
      ((await byArea.json()) as { items: Array<{ mushroom_types: string }> }).items.map((item) => item.mushroom_types),
    ).toEqual(['Chanterelles by the lake']);
  });

  it('a spot shared with a circle at about 1 km: the member sees who shared it and through which circle, only roughly where, and is guided to the point shown', async () => {
    const owner = await foray.newPage();
    await signedInUser(owner.page, foray, uniqueEmail('club-owner'));
    const named = await owner.page.request.post('/api/auth/update-user', {
      headers: { origin: foray.baseUrl },
      data: { name: 'Ona Miškinė' },
    });
    expect(named.ok()).toBe(true);
    const spot = await createSpotByApi(owner.page, foray.baseUrl, {
      mushroom_types: 'Porcini for the club',
      // Near Vilnius: far from the first test's public spot, which the member sees too.
      latitude: 54.55,
      longitude: 25.3,
    });
    const created = await owner.page.request.post('/api/v1/circles', {
      headers: { origin: foray.baseUrl },
      data: { name: 'Vilnius club' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const circle = (await created.json()) as { id: string };
    const invited = await owner.page.request.post(`/api/v1/circles/${circle.id}/invites`, {
      headers: { origin: foray.baseUrl },
      data: {},
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const { token } = (await invited.json()) as { token: string };

    const member = await foray.newPage();
    await signedInUser(member.page, foray, uniqueEmail('club-member'));
    const joined = await member.page.request.post(`/api/v1/invites/${token}/accept`, {
      headers: { origin: foray.baseUrl },
    });
    expect(joined.status(), await joined.text()).toBe(200);

    // The owner shares it with the club, at about 1 km.
    await owner.page.reload();
    await openTab(owner.page, 'locations');
    const card = cardOf(owner.page, 'Porcini for the club');
    await card.getByRole('button', { name: exactly(en('locations.share')) }).click();
    const dialog = owner.page.getByRole('dialog', { name: exactly(en('sharing.dialogTitle')) });
    await dialog.getByRole('radio', { name: exactly(en('sharing.circles')) }).check();
    const circles = dialog.getByRole('group', { name: exactly(en('sharing.chooseCircles')) });
    // None chosen yet: Update says what is missing instead of sending.
    await dialog.getByRole('button', { name: exactly(en('sharing.update')) }).click();
    await expectVisible(dialog.getByText(exactly(en('sharing.chooseOneCircle'))));
    await circles.getByRole('checkbox', { name: exactly('Vilnius club') }).check();
    await dialog.getByRole('radio', { name: exactly(en('sharing.precision.1km')) }).check();
    const sentence = en('sharing.sees', {
      who: en('sharing.who.circle', { name: en('sharing.quotedName', { name: 'Vilnius club' }) }),
      how: en('sharing.how.1km'),
    });
    await expect.poll(() => dialog.innerText()).toContain(sentence);
    await expectNoSeriousA11yViolations(owner.page, 'share dialog with circles');
    await dialog.getByRole('button', { name: exactly(en('sharing.update')) }).click();
    await expectToast(owner.page, { title: en('sharing.sharingUpdatedSuccess'), description: sentence });
    await expectGone(dialog);
    // The owner's card: the circle as its badge, and the precision others get.
    await expectVisible(card.getByText(exactly('Vilnius club')));
    await expectVisible(card.getByText(exactly(en('sharing.othersSee.1km'))));
    expect(await (await owner.page.request.get(`/api/v1/locations/${spot.id}`)).json()).toMatchObject({
      audience: 'circles',
      circle_ids: [circle.id],
      precision: '1km',
      latitude: 54.55,
      longitude: 25.3,
    });

    // The member: who shared it and through which circle, approximately, never at its true place.
    const seen = (await (await member.page.request.get(`/api/v1/locations/${spot.id}`)).json()) as Spot;
    expect(seen.area).not.toBeNull();
    expect(seen.accuracy_m).toBeNull();
    expect([seen.latitude, seen.longitude]).not.toEqual([54.55, 25.3]);
    await member.page.reload();
    await openTab(member.page, 'locations');
    const shared = cardOf(member.page, 'Porcini for the club');
    await expectVisible(shared);
    const sharedText = await shared.innerText();
    expect(sharedText).toContain(en('sharing.sharedByIn', { owner: 'Ona Miškinė', circles: 'Vilnius club' }));
    expect(sharedText).toContain(en('sharing.approximate.1km'));
    expect(sharedText).not.toContain(en('sharing.othersSee.1km'));

    // "Shared with me" and the club, in the filter, find it; "Only me" does not.
    const filterBy = async (option: string) => {
      // "Filter", or "Filter (1 active)" once one is set.
      await member.page.getByRole('button', { name: new RegExp(`^\\s*${en('filter.open')}\\b`) }).click();
      const panel = member.page.getByRole('dialog', { name: exactly(en('filter.open')) });
      await panel.getByLabel(en('form.sharing')).selectOption({ label: option });
      await panel.getByRole('button', { name: exactly(en('filter.apply')) }).click();
      await expectGone(panel);
    };
    await filterBy(en('sharing.filter.sharedWithMe'));
    expect(new URL(member.page.url()).searchParams.get('audience')).toBe('circles');
    expect(new URL(member.page.url()).searchParams.get('owner')).toBe('others');
    await expectVisible(shared);
    await filterBy('Vilnius club');
    expect(new URL(member.page.url()).searchParams.get('circle_id')).toBe(circle.id);
    await expectVisible(shared);
    await filterBy(en('sharing.private'));
    await expectVisible(member.page.getByText(exactly(en('filter.noMatches'))));
    await filterBy(en('filter.any'));

    // On the map: a pin at the point shown, named approximate, with its square; guided there, and told so.
    await openTab(member.page, 'map');
    const pin = member.page.getByRole('button', {
      name: exactly(`${en('locationTypes.mushroom_spot')}: Porcini for the club (${en('sharing.approximate.1km')})`),
    });
    await pin.click();
    const popup = member.page.getByRole('heading', { name: exactly('Porcini for the club') }).locator('xpath=..');
    const popupText = await popup.innerText();
    expect(popupText).toContain(en('sharing.sharedByIn', { owner: 'Ona Miškinė', circles: 'Vilnius club' }));
    expect(popupText).toContain(en('sharing.approximate.1km'));
    await popup.getByRole('button', { name: exactly(en('guidance.guideMeHere')) }).click();
    const guidance = member.page.getByRole('dialog', {
      name: exactly(en('guidance.titleSpot', { title: 'Porcini for the club' })),
    });
    await expectVisible(guidance.getByText(exactly(en('sharing.guideApproximate', { size: '1 km' }))));
  });
});
