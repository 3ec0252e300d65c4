import { describe, expect, it } from 'vitest';
import type { Spot } from '../common/schemas/spots.ts';
import { signedInUser, uniqueEmail } from './support/accounts.ts';
import { PHONE, circleByApi, joinByApi, setDisplayName } from './support/circles.ts';
import { useForay } from './support/foray.ts';
import { cardOf, createSpotByApi, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

// A circle's owner takes a member's spot out of the circle from its card (issue #34); the spot stays its owner's.
// And the account page says how much of the photo quota is used.
const foray = useForay();

async function forager(label: string, name: string) {
  const who = await foray.newPage({ viewport: PHONE });
  await signedInUser(who.page, foray, uniqueEmail(label));
  await setDisplayName(who.page, foray.baseUrl, name);
  return who;
}

describe('what is shared with a circle', () => {
  it('lets the circle’s owner take a member’s spot out of it, after a question; the spot stays the member’s', async () => {
    const ona = await forager('takeout-owner', 'Ona Miškinė');
    const jonas = await forager('takeout-member', 'Jonas Grybautojas');
    const club = await circleByApi(ona.page, foray.baseUrl, 'Club');
    await joinByApi(ona.page, jonas.page, foray.baseUrl, club.id);
    const spot = await createSpotByApi(jonas.page, foray.baseUrl, {
      mushroom_types: 'Fake morels by the road',
      audience: 'circles',
      circle_ids: [club.id],
    });

    await ona.page.reload();
    await openTab(ona.page, 'locations');
    const card = cardOf(ona.page, 'Fake morels by the road');
    await expectVisible(card);
    await card.getByRole('button', { name: exactly(en('circles.takeOut', { circle: 'Club' })) }).click();
    const question = ona.page.getByRole('dialog', { name: exactly(en('circles.takeOutTitle', { circle: 'Club' })) });
    await expectVisible(question);
    await expectVisible(question.getByText(en('circles.takeOutExplain', { circle: 'Club' })));
    await question.getByRole('button', { name: exactly(en('circles.takeOut', { circle: 'Club' })) }).click();
    await expectToast(ona.page, { title: en('circles.takenOut', { circle: 'Club' }) });
    await expectGone(card);
    const onasList = (await (await ona.page.request.get('/api/v1/locations')).json()) as { items: Spot[] };
    expect(onasList.items.map((item) => item.id)).not.toContain(spot.id);

    // The member still has it, shared with no circle now; his own card offers no such button.
    const mine = (await (await jonas.page.request.get(`/api/v1/locations/${spot.id}`)).json()) as Spot;
    expect(mine.circle_ids).toEqual([]);
    await jonas.page.reload();
    await openTab(jonas.page, 'locations');
    const own = cardOf(jonas.page, 'Fake morels by the road');
    await expectVisible(own);
    await expectGone(own.getByRole('button', { name: exactly(en('circles.takeOut', { circle: 'Club' })) }));

    // The account page: how much of the photo quota is used.
    await jonas.page.getByRole('button', { name: exactly(en('account.open')) }).click();
    const panel = jonas.page.getByRole('dialog', { name: exactly(en('account.title')) });
    await expectVisible(panel.getByText(exactly(en('account.photoStorageUsed', { used: '0 MB', quota: '2 GB' }))));
  });
});
