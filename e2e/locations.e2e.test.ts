import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { jpegPhoto, oversizedJpeg } from './support/photos.ts';
import { addForm, cardOf, clickMap, createSpotByApi, imageLoaded, listedTitles, markerOf, openTab } from './support/spots.ts';
import { en, exactly } from './support/texts.ts';
import { expectGone, expectToast, expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

const foray = useForay();

describe('recording spots', () => {
  it('adds a mushroom spot with a photo by clicking the map: marker, popup and card show it', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray);
    const { lat, lng } = await clickMap(page);
    const form = addForm(page);

    await form.getByLabel(en('form.mushroomTypes')).fill('Chanterelles, porcini');
    await form.getByLabel(en('form.finder')).fill('Ona');
    await form.getByLabel(en('form.dateFound')).fill('2025-09-14');
    await form.getByLabel(en('form.uploadPhoto')).setInputFiles({ name: 'clearing.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() });
    await expectVisible(form.getByRole('img', { name: exactly(en('form.photoPreview')) }));
    await form.getByLabel(en('form.notes')).fill('Under the old spruces by the stream');
    expect(await form.getByLabel(en('form.sharing')).inputValue()).toBe('private');
    await form.getByRole('button', { name: exactly(en('form.save')) }).click();

    await expectToast(page, { title: en('form.locationSavedTitle'), description: en('form.locationSavedDescription') });
    await expectGone(form);

    // The marker opens a popup with everything that was entered.
    const marker = markerOf(page, 'mushroom_spot', 'Chanterelles, porcini');
    await expectVisible(marker);
    await marker.click();
    const popupTitle = page.getByRole('heading', { name: exactly('Chanterelles, porcini') });
    await expectVisible(popupTitle);
    const popup = popupTitle.locator('xpath=..');
    const popupText = await popup.innerText();
    expect(popupText).toContain(en('locationTypes.mushroom_spot'));
    expect(popupText).toContain(en('map.popupFinder', { finder: 'Ona' }));
    expect(popupText).toContain(en('map.popupDateFound', { date: 'Sep 14, 2025' }));
    expect(popupText).toContain('Under the old spruces by the stream');
    const directions = popup.getByRole('link', { name: exactly(en('map.popupDirections', { coordinates: `${lat}, ${lng}` })) });
    await expectVisible(directions);
    expect(await directions.getAttribute('href')).toContain(`${lat},${lng}`);
    const popupPhoto = popup.getByRole('img', { name: exactly(en('locations.photoAlt', { title: 'Chanterelles, porcini' })) });
    await expect.poll(() => imageLoaded(popupPhoto), { timeout: UI_TIMEOUT_MS }).toBe(true);

    // The card shows the same spot, coordinates to 4 decimals, and "you" as the owner.
    await openTab(page, 'locations');
    const card = cardOf(page, 'Chanterelles, porcini');
    await expectVisible(card);
    const cardText = await card.innerText();
    expect(cardText).toContain(en('locations.foundByOn', { finder: 'Ona', date: 'September 14, 2025' }));
    expect(cardText).toContain('Under the old spruces by the stream');
    expect(cardText).toContain(en('locations.addedByYou'));
    expect(cardText).toContain(en('sharing.private'));
    const lat4 = Number(lat).toFixed(4);
    const lng4 = Number(lng).toFixed(4);
    const cardLink = card.getByRole('link', { name: exactly(`${en('locations.directions')}: ${lat4}, ${lng4}`) });
    await expectVisible(cardLink);
    await expectVisible(card.getByRole('img', { name: exactly(en('locationTypes.mushroom_spot')) }));
    const cardPhoto = card.getByRole('img', { name: exactly(en('locations.photoAlt', { title: 'Chanterelles, porcini' })) });
    await expect.poll(() => imageLoaded(cardPhoto), { timeout: UI_TIMEOUT_MS }).toBe(true);
  });

  it('records a car park without mushroom types or finder; it is named by its kind', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray);
    await clickMap(page, -80, 40);
    const form = addForm(page);
    await form.getByLabel(en('form.type')).selectOption({ label: en('locationTypes.car_park') });
    await expectGone(form.getByLabel(en('form.mushroomTypes')));
    await expectGone(form.getByLabel(en('form.finder')));
    await form.getByRole('button', { name: exactly(en('form.save')) }).click();
    await expectToast(page, { title: en('form.locationSavedTitle') });

    const carPark = en('locationTypes.car_park');
    await expectVisible(markerOf(page, 'car_park', carPark));
    await openTab(page, 'locations');
    const card = cardOf(page, carPark);
    await expectVisible(card);
    await expectVisible(card.getByRole('img', { name: exactly(carPark) }));
  });

  it('refuses to save a mushroom spot without mushroom types and finder, and saves nothing', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray);
    await clickMap(page, 60, -40);
    const form = addForm(page);
    await form.getByLabel(en('form.finder')).fill('Ona');
    await form.getByLabel(en('form.mushroomTypes')).fill('   ');
    await form.getByRole('button', { name: exactly(en('form.save')) }).click();

    await expectToast(page, { destructive: true, title: en('form.missingInfoTitle'), description: en('form.missingInfoDescription') });
    await expectVisible(form);
    expect(await listedTitles(page)).toEqual([]);
  });

  it('refuses a photo over 5 MB with a clear message and does not attach it', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray);
    await clickMap(page, -60, -60);
    const form = addForm(page);
    await form.getByLabel(en('form.uploadPhoto')).setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: await oversizedJpeg() });

    await expectToast(page, { destructive: true, title: en('form.fileTooLargeTitle'), description: en('form.fileTooLargeDescription', { max: 5 }) });
    expect(await form.getByRole('img', { name: exactly(en('form.photoPreview')) }).count()).toBe(0);

    // The spot itself can still be saved, without a photo.
    await form.getByLabel(en('form.mushroomTypes')).fill('Milk caps');
    await form.getByLabel(en('form.finder')).fill('Ona');
    await form.getByRole('button', { name: exactly(en('form.save')) }).click();
    await expectToast(page, { title: en('form.locationSavedTitle') });
    await openTab(page, 'locations');
    const card = cardOf(page, 'Milk caps');
    await expectVisible(card);
    expect(await card.getByRole('img', { name: exactly(en('locations.photoAlt', { title: 'Milk caps' })) }).count()).toBe(0);
  });

  it('deletes a spot only after confirmation', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray);
    await createSpotByApi(page, foray.baseUrl, { mushroom_types: 'Saffron milk caps' });
    await page.reload();
    await openTab(page, 'locations');
    const card = cardOf(page, 'Saffron milk caps');
    await expectVisible(card);

    const dialog = page.getByRole('dialog', { name: exactly(en('locations.deleteTitle')) });
    await card.getByRole('button', { name: exactly(en('locations.delete')) }).click();
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: exactly(en('common.cancel')) }).click();
    await expectGone(dialog);
    await expectVisible(card);
    expect(await listedTitles(page)).toEqual(['Saffron milk caps']);

    await card.getByRole('button', { name: exactly(en('locations.delete')) }).click();
    await dialog.getByRole('button', { name: exactly(en('locations.confirmDelete')) }).click();
    await expectToast(page, { title: en('locations.locationRemovedTitle'), description: en('locations.locationRemovedDescription') });
    await expectGone(card);
    expect(await listedTitles(page)).toEqual([]);
    await expectVisible(page.getByRole('heading', { name: exactly(en('locations.noLocationsFound')) }));
  });
});
