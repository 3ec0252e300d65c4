import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Spot } from '../common/schemas/spots.ts';
import { signedInUser } from './support/accounts.ts';
import { SYNC_TIMEOUT_MS } from './support/offline.ts';
import { useForay } from './support/foray.ts';
import { CAMERA_MAKE, geotaggedJpeg, jpegPhoto } from './support/photos.ts';
import { addForm, clickMap } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

const foray = useForay();

// Where the photo was taken: a clearing a few kilometres from where the forager tapped the map.
const TAKEN = { latitude: 55.123456, longitude: 23.765432, taken: '2026-09-14', accuracyM: 6.5 };

describe('position and date from a photo', () => {
  it('places the pin where the photo was taken, fills its date, and uploads the photo without EXIF', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray);
    await clickMap(page);
    const form = addForm(page);
    await form.getByLabel(en('form.mushroomTypes')).fill('Photo porcini');
    await form.getByLabel(en('form.finder')).fill('Ona');

    // A photo without a position offers nothing.
    await form
      .getByLabel(en('form.uploadPhoto'))
      .setInputFiles({ name: 'plain.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() });
    await expectVisible(form.getByRole('img', { name: exactly(en('form.photoPreview')) }));
    const offer = form.getByRole('button', { name: exactly(en('form.photoPlace', { date: 'September 14, 2026' })) });
    await expectGone(offer);

    await form
      .getByLabel(en('form.uploadPhoto'))
      .setInputFiles({ name: 'clearing.jpg', mimeType: 'image/jpeg', buffer: await geotaggedJpeg(TAKEN) });
    await expectVisible(offer);
    await expectVisible(form.getByText(/ km from the pin now$/));
    await offer.click();
    await expectVisible(form.getByRole('status').filter({ hasText: en('form.photoPlaced') }));
    await expectVisible(form.getByText(`${TAKEN.latitude.toFixed(6)}, ${TAKEN.longitude.toFixed(6)}`));
    expect(await form.getByLabel(en('form.dateFound')).inputValue()).toBe(TAKEN.taken);

    await form.getByRole('button', { name: exactly(en('form.save')) }).click();
    await expectToast(page, { title: en('form.locationSavedTitle') });
    await expectGone(form);

    // Saved on the device first; the outbox sends it moments later.
    const uploaded = async () => {
      const response = await page.request.get('/api/v1/locations?owner=mine');
      expect(response.status()).toBe(200);
      return ((await response.json()) as { items: Spot[] }).items.filter(
        (item) => item.mushroom_types === 'Photo porcini',
      );
    };
    await expect.poll(async () => (await uploaded()).length, { timeout: SYNC_TIMEOUT_MS }).toBe(1);
    const [spot] = await uploaded();
    expect(spot!.latitude).toBeCloseTo(TAKEN.latitude, 6);
    expect(spot!.longitude).toBeCloseTo(TAKEN.longitude, 6);
    expect(spot!.date_found).toBe(TAKEN.taken);
    expect(spot!.accuracy_m).toBe(TAKEN.accuracyM);

    // The stored photo keeps nothing of where it was taken, nor the camera's name.
    const photo = await page.request.get(spot!.photo_url!);
    expect(photo.status()).toBe(200);
    const bytes = await photo.body();
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from(CAMERA_MAKE))).toBe(false);
    expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
  });
});
