// Foray with no signal, part two: the device full, sharing and deleting offline, Background Sync with no
// page open, and sign-out with unsent spots.
import { describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from './support/accounts.ts';
import { everythingStoredIn, outboxOf } from './support/device.ts';
import { recordSpot, serverSpots, SYNC_TIMEOUT_MS, useOfflineForay } from './support/offline.ts';
import { cameraJpeg } from './support/photos.ts';
import { addForm, cardOf, createSpotByApi, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

const offline = useOfflineForay();
const { forager } = offline;

describe('changing spots with no signal', () => {
  it('keeps the form open with a clear message when the device has no room, and saves nothing at all', async () => {
    const { page } = await forager(undefined, { quotaBytes: 1 });
    const postsBefore = offline.proxy.count('POST', '/api/v1/locations');
    await recordSpot(page, 'No room hedgehogs', {
      photo: { name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg() },
    });

    await expectToast(page, {
      destructive: true,
      title: en('offline.storageFullTitle'),
      description: en('offline.storageFullDescription'),
    });
    const form = addForm(page);
    await expectVisible(form);
    expect(await form.getByLabel(en('form.mushroomTypes')).inputValue()).toBe('No room hedgehogs');
    await expectVisible(form.getByRole('img', { name: exactly(en('form.photoPreview')) }));
    expect(await outboxOf(page)).toEqual([]);
    expect(offline.proxy.count('POST', '/api/v1/locations')).toBe(postsBefore);
    expect(await serverSpots(page, 'No room hedgehogs')).toEqual([]);
  });

  it('changes sharing and deletes offline, and each change reaches the server once', async () => {
    const { page, context } = await forager();
    const toShare = await createSpotByApi(page, offline.foray.baseUrl, {
      mushroom_types: 'Share me later',
      latitude: 55.3,
      longitude: 23.2,
    });
    const toDelete = await createSpotByApi(page, offline.foray.baseUrl, {
      mushroom_types: 'Delete me later',
      latitude: 54.9,
      longitude: 24.6,
    });
    await page.reload();
    await openTab(page, 'locations');
    await expectVisible(cardOf(page, 'Delete me later'));
    const patchesBefore = offline.proxy.count('PATCH', `/api/v1/locations/${toShare.id}`);
    const deletesBefore = offline.proxy.count('DELETE', `/api/v1/locations/${toDelete.id}`);

    await context.setOffline(true);
    const shareCard = cardOf(page, 'Share me later');
    await shareCard.getByRole('button', { name: exactly(en('locations.share')) }).click();
    const shareDialog = page.getByRole('dialog', { name: exactly(en('sharing.dialogTitle')) });
    await shareDialog.getByRole('radio', { name: exactly(en('sharing.public')) }).check();
    await shareDialog.getByRole('button', { name: exactly(en('sharing.update')) }).click();
    await expectToast(page, {
      title: en('sharing.sharingUpdatedSuccess'),
      description: en('offline.changeWaitsDescription'),
    });
    await expectVisible(shareCard.getByText(en('offline.waitingToUpload')));
    await expectVisible(shareCard.getByText(exactly(en('sharing.public'))));

    const deleteCard = cardOf(page, 'Delete me later');
    await deleteCard.getByRole('button', { name: exactly(en('locations.delete')) }).click();
    await page
      .getByRole('dialog', { name: exactly(en('locations.deleteTitle')) })
      .getByRole('button', { name: exactly(en('locations.confirmDelete')) })
      .click();
    await expectVisible(deleteCard.getByText(en('offline.waitingToDelete')));
    // Sharing goes as an edit made on the version shown (ADR 0053): who sees it, with is_public agreeing.
    expect(await outboxOf(page)).toMatchObject([{ kind: 'edit' }, { kind: 'delete' }]);

    await context.setOffline(false);
    await expect.poll(() => outboxOf(page), { timeout: SYNC_TIMEOUT_MS }).toEqual([]);
    await expectGone(deleteCard);
    expect(offline.proxy.count('PATCH', `/api/v1/locations/${toShare.id}`)).toBe(patchesBefore + 1);
    expect(offline.proxy.count('DELETE', `/api/v1/locations/${toDelete.id}`)).toBe(deletesBefore + 1);
    expect(await (await page.request.get(`/api/v1/locations/${toShare.id}`)).json()).toMatchObject({
      is_public: true,
      audience: 'public',
    });
    expect((await page.request.get(`/api/v1/locations/${toDelete.id}`)).status()).toBe(404);
  });
});

describe('signing out', () => {
  it('asks before discarding unsent spots, then leaves nothing of the user on the device for the next one', async () => {
    const first = uniqueEmail('first');
    const { page } = await forager(first);
    const me = (await (await page.request.get('/api/v1/me')).json()) as { id: string };
    await recordSpot(page, 'Refused in the forest', {
      photo: { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') },
    });
    await expect
      .poll(() => outboxOf(page).then((rows) => rows.map((row) => row.status)), { timeout: SYNC_TIMEOUT_MS })
      .toEqual(['failed']);

    // The worker has kept the street tiles looked at, and noted their addresses.
    const tileAddress = /\/(street|satellite|topo|dark)\/\d+\/\d+\/\d+\.png/;
    await expect
      .poll(async () => (await everythingStoredIn(page)).indexedDb.some((row) => tileAddress.test(row)), {
        timeout: SYNC_TIMEOUT_MS,
      })
      .toBe(true);

    await page.getByRole('button', { name: exactly(en('auth.signOut')) }).click();
    const dialog = page.getByRole('dialog', { name: exactly(en('offline.signOutTitle_one', { count: 1 })) });
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: exactly(en('offline.discardAndSignOut')) }).click();
    await expectVisible(page.getByRole('heading', { name: exactly(en('auth.signInHeading')) }));

    const stored = await everythingStoredIn(page);
    const leftovers = stored.indexedDb.filter(
      (row) => row.includes(me.id) || row.includes(first) || row.includes('Refused in the forest'),
    );
    expect(leftovers).toEqual([]);
    expect(stored.caches['map-tiles'] ?? []).toEqual([]);
    // Not even the addresses of the tiles looked at (the worker's expiry records) stay behind.
    await expect
      .poll(async () => (await everythingStoredIn(page)).indexedDb.filter((row) => tileAddress.test(row)))
      .toEqual([]);
    for (const urls of Object.values(stored.caches))
      expect(urls.filter((url) => url.includes('/api/v1/locations') || url.includes('/api/v1/photos'))).toEqual([]);

    // The next forager on the same browser starts from nothing of the first one's.
    const second = uniqueEmail('second');
    await signedInUser(page, offline.foray, second);
    await expectVisible(page.getByText(en('app.welcome', { email: second })));
    await openTab(page, 'locations');
    // Other foragers' public spots may be listed; nothing of the first user's is.
    await expectVisible(
      page
        .getByRole('region', { name: exactly(en('locations.listLabel')) })
        .or(page.getByRole('heading', { name: exactly(en('locations.noLocationsFound')) })),
    );
    expect(await cardOf(page, 'Refused in the forest').count()).toBe(0);
    expect(await page.getByText(en('offline.notUploaded')).count()).toBe(0);
    expect(await outboxOf(page)).toEqual([]);
  });
});
