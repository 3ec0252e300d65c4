import { describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
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
    const visibility = dialog.getByLabel(en('sharing.visibility'));
    expect(await visibility.inputValue()).toBe('private');
    expect(await dialog.innerText()).toContain(en('sharing.privateDescription'));
    await visibility.selectOption({ label: en('sharing.public') });
    expect(await dialog.innerText()).toContain(en('sharing.publicDescription'));
    await dialog.getByRole('button', { name: exactly(en('sharing.update')) }).click();
    await expectToast(owner.page, { title: en('sharing.sharingUpdatedSuccess') });
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
    // Only the owner may edit, share or delete; anyone who sees the spot may be guided to it.
    expect(await shared.getByRole('button', { name: exactly(en('locations.share')) }).count()).toBe(0);
    expect(await shared.getByRole('button', { name: exactly(en('locations.delete')) }).count()).toBe(0);
    expect((await shared.getByRole('button').allInnerTexts()).map((name) => name.trim())).toEqual([
      en('guidance.guideMeHere'),
    ]);
    expect(await cardOf(other.page, 'Secret porcini').count()).toBe(0);

    // Nor can the API be talked into showing it, by area or by list.
    const byArea = await other.page.request.get('/api/v1/locations?bbox=20,50,30,60');
    expect(
      ((await byArea.json()) as { items: Array<{ mushroom_types: string }> }).items.map((item) => item.mushroom_types),
    ).toEqual(['Chanterelles by the lake']);
  });
});
