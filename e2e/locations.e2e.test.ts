import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { jpegPhoto, oversizedJpeg, photoFile } from './support/photos.ts';
import {
  addForm,
  cardOf,
  clickMap,
  createSpotByApi,
  imageLoaded,
  listedTitles,
  markerOf,
  openTab,
} from './support/spots.ts';
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
    await form
      .getByLabel(en('form.uploadPhoto'))
      .setInputFiles({ name: 'clearing.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() });
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
    const directions = popup.getByRole('link', {
      name: exactly(en('map.popupDirections', { coordinates: `${lat}, ${lng}` })),
    });
    await expectVisible(directions);
    expect(await directions.getAttribute('href')).toContain(`${lat},${lng}`);
    const popupPhoto = popup.getByRole('img', {
      name: exactly(en('locations.photoAlt', { title: 'Chanterelles, porcini' })),
    });
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
    const cardPhoto = card.getByRole('img', {
      name: exactly(en('locations.photoAlt', { title: 'Chanterelles, porcini' })),
    });
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
    const marker = markerOf(page, 'car_park', carPark);
    await expectVisible(marker);
    // Nobody "found" a car park: the popup and the card say when it was parked, with no finder line.
    // The form's default date: today where the forager is (the page's time zone).
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
    const shortDate = await page.evaluate(
      (date) =>
        new Intl.DateTimeFormat('en', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }).format(
          new Date(`${date}T12:00:00Z`),
        ),
      today,
    );
    const longDate = await page.evaluate(
      (date) =>
        new Intl.DateTimeFormat('en', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(
          new Date(`${date}T12:00:00Z`),
        ),
      today,
    );
    await marker.click();
    const popupTitle = page.getByRole('heading', { name: exactly(carPark) });
    await expectVisible(popupTitle);
    const popupText = await popupTitle.locator('xpath=..').innerText();
    expect(popupText).toContain(en('locations.parkedOn', { date: shortDate }));
    expect(popupText).not.toMatch(/Found/);

    await openTab(page, 'locations');
    const card = cardOf(page, carPark);
    await expectVisible(card);
    await expectVisible(card.getByRole('img', { name: exactly(carPark) }));
    const cardText = await card.innerText();
    expect(cardText).toContain(en('locations.parkedOn', { date: longDate }));
    expect(cardText).not.toMatch(/Found/);
  });

  it('refuses to save a mushroom spot without mushroom types and finder, and saves nothing', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray);
    await clickMap(page, 60, -40);
    const form = addForm(page);
    await form.getByLabel(en('form.finder')).fill('Ona');
    await form.getByLabel(en('form.mushroomTypes')).fill('   ');
    await form.getByRole('button', { name: exactly(en('form.save')) }).click();

    await expectToast(page, {
      destructive: true,
      title: en('form.missingInfoTitle'),
      description: en('form.missingInfoDescription'),
    });
    await expectVisible(form);
    expect(await listedTitles(page)).toEqual([]);

    // The date is typed as YYYY-MM-DD; before 1900 or after tomorrow the server would refuse it, so the form does.
    await form.getByLabel(en('form.mushroomTypes')).fill('Ceps');
    const date = form.getByLabel(en('form.dateFound'));
    const outOfRange = new RegExp(
      en('form.dateOutOfRange', { earliest: 'January 1, 1900', latest: '@' })
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace('@', '\\w+ \\d+, \\d{4}'),
    );
    for (const typed of ['1899-12-31', '2999-01-01', '2026-02-30', '14.09.2025']) {
      await date.fill(typed);
      await form.getByRole('button', { name: exactly(en('form.save')) }).click();
      await expectVisible(form.getByText(outOfRange));
      expect(await date.getAttribute('aria-invalid'), typed).toBe('true');
      expect(await date.evaluate((input) => input === document.activeElement)).toBe(true);
    }
    expect(await listedTitles(page)).toEqual([]);
    // Digits alone (a phone's number pad has no dash) get their dashes, and the earliest date is taken.
    await date.fill('');
    await date.pressSequentially('19000101');
    expect(await date.inputValue()).toBe('1900-01-01');
    await expectGone(form.getByText(outOfRange));
    await form.getByRole('button', { name: exactly(en('form.save')) }).click();
    await expectToast(page, { title: en('form.locationSavedTitle') });
    await expect.poll(() => listedTitles(page), { timeout: UI_TIMEOUT_MS }).toEqual(['Ceps']);
  });

  it('refuses a photo over 5 MB with a clear message and does not attach it', async () => {
    const { page } = await foray.newPage();
    await signedInUser(page, foray);
    await clickMap(page, -60, -60);
    const form = addForm(page);
    await form
      .getByLabel(en('form.uploadPhoto'))
      .setInputFiles(photoFile({ name: 'huge.jpg', buffer: await oversizedJpeg() }));

    await expectToast(page, {
      destructive: true,
      title: en('form.fileTooLargeTitle'),
      description: en('form.fileTooLargeDescription', { max: 5 }),
    });
    expect(await form.getByRole('img', { name: exactly(en('form.photoPreview')) }).count()).toBe(0);

    // The spot itself can still be saved, without a photo.
    await form.getByLabel(en('form.mushroomTypes')).fill('Milk caps');
    await form.getByLabel(en('form.finder')).fill('Ona');
    await form.getByRole('button', { name: exactly(en('form.save')) }).click();
    await expectToast(page, { title: en('form.locationSavedTitle') });
    await openTab(page, 'locations');
    const card = cardOf(page, 'Milk caps');
    await expectVisible(card);
    expect(
      await card.getByRole('img', { name: exactly(en('locations.photoAlt', { title: 'Milk caps' })) }).count(),
    ).toBe(0);
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
    await expectToast(page, {
      title: en('locations.locationRemovedTitle'),
      description: en('locations.locationRemovedDescription'),
    });
    await expectGone(card);
    expect(await listedTitles(page)).toEqual([]);
    await expectVisible(page.getByRole('heading', { name: exactly(en('locations.noLocationsFound')) }));
  });
});
