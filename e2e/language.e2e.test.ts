import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts.ts';
import { useForay } from './support/foray.ts';
import { addForm, cardOf, createSpotByApi, mapOf, openTab } from './support/spots.ts';
import { en, englishLeftIn, exactly, keysLeftIn, lt } from './support/texts.ts';
import { expectGone, expectToast, expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

const foray = useForay();

describe('language', () => {
  it('switches to Lithuanian and keeps it across a reload', async () => {
    const { page } = await foray.newPage();
    const { email } = await signedInUser(page, foray);
    await expectVisible(page.getByText(en('app.welcome', { email })));
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    const languages = page.getByRole('group', { name: exactly(en('common.language')) });
    await languages.getByRole('button', { name: 'lt', exact: true }).click();
    await expectVisible(page.getByText(lt('app.welcome', { email })));
    await expectVisible(page.getByRole('tab', { name: exactly(lt('tabs.map')) }));
    await expectVisible(page.getByRole('tab', { name: exactly(lt('tabs.locations')) }));
    expect(await page.getAttribute('html', 'lang')).toBe('lt');

    await page.reload();
    await expectVisible(page.getByText(lt('app.welcome', { email })));
    await expectVisible(page.getByRole('button', { name: exactly(lt('map.locateMe')) }));
    expect(await page.getAttribute('html', 'lang')).toBe('lt');
    const pressed = page
      .getByRole('group', { name: exactly(lt('common.language')) })
      .getByRole('button', { name: 'lt', exact: true });
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
  });

  it('leaves no English text or accessible name on the map, popups, form, list and dialogs in Lithuanian', async () => {
    const { page } = await foray.newPage({
      permissions: ['geolocation'],
      geolocation: { latitude: 55.2, longitude: 23.9 },
    });
    await signedInUser(page, foray);
    await createSpotByApi(page, foray.baseUrl, {
      mushroom_types: 'Voveraitės',
      finder: 'Ona',
      date_found: '2025-11-23',
      latitude: 55.2004,
      longitude: 23.9,
    });
    await createSpotByApi(page, foray.baseUrl, {
      type: 'car_park',
      mushroom_types: lt('locationTypes.car_park'),
      finder: 'ona',
      date_found: '2025-11-23',
      latitude: 55.1996,
      longitude: 23.9,
    });
    await page.reload();
    await expectToast(page, { title: en('map.mapLocationFound') });

    // Leaflet's controls and the "you are here" marker are made in English first, then the language changes.
    await page.getByRole('button', { name: exactly(en('map.locateMe')) }).click();
    await expectVisible(mapOf(page).getByText(en('map.youAreHere'), { exact: true }));
    await page
      .getByRole('group', { name: exactly(en('common.language')) })
      .getByRole('button', { name: 'lt', exact: true })
      .click();
    const map = page.getByRole('region', { name: exactly(lt('map.mapLabel')) });
    await expectVisible(map.getByRole('button', { name: exactly(lt('map.zoomIn')) }));
    await expectVisible(map.getByRole('button', { name: exactly(lt('map.zoomOut')) }));
    await expectVisible(map.getByText(lt('map.youAreHere'), { exact: true }));
    expect(await englishLeftIn(page), 'map').toEqual([]);

    // Popups: the date names its month; a car park says when it was parked and by no "finder".
    const close = page.getByRole('button', { name: exactly(lt('map.closePopup')) });
    await page.getByRole('button', { name: exactly(`${lt('locationTypes.mushroom_spot')}: Voveraitės`) }).click();
    const spotPopup = page.getByRole('heading', { name: exactly('Voveraitės') }).locator('xpath=..');
    await expectVisible(spotPopup);
    expect(await spotPopup.innerText()).toContain(lt('map.popupDateFound', { date: '2025 m. lapkr. 23 d.' }));
    expect(await spotPopup.innerText()).toContain(lt('map.popupFinder', { finder: 'Ona' }));
    await expectVisible(close);
    expect(await englishLeftIn(page), 'spot popup').toEqual([]);
    await close.click();
    await expectGone(spotPopup);
    const carPark = lt('locationTypes.car_park');
    await page.getByRole('button', { name: exactly(`${carPark}: ${carPark}`) }).click();
    const carPopup = page.getByRole('heading', { name: exactly(carPark) }).locator('xpath=..');
    await expectVisible(carPopup);
    expect(await carPopup.innerText()).toContain(lt('locations.parkedOn', { date: '2025 m. lapkr. 23 d.' }));
    expect(await carPopup.innerText()).not.toContain(lt('map.popupFinder', { finder: 'ona' }));
    expect(await englishLeftIn(page), 'car park popup').toEqual([]);
    await close.click();
    await expectGone(carPopup);

    // The add form: the date is typed as the hint says, and a date out of range is explained in Lithuanian.
    await page.getByRole('button', { name: exactly(lt('map.addAtCentre')) }).click();
    const form = page.getByRole('region', { name: exactly(lt('form.title')) });
    await expectVisible(form);
    const date = form.getByLabel(lt('form.dateFound'));
    expect(await date.getAttribute('placeholder')).toBe(lt('form.datePlaceholder'));
    await expectVisible(form.getByText(lt('form.dateFormatHint'), { exact: true }));
    expect(await date.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await form.getByLabel(lt('form.mushroomTypes')).fill('Baravykai');
    await form.getByLabel(lt('form.finder')).fill('Ona');
    await date.fill('1899-12-31');
    await form.getByRole('button', { name: exactly(lt('form.save')) }).click();
    await expectVisible(
      form.getByText(
        lt('form.dateOutOfRange', { earliest: '1900 m. sausio 1 d.', latest: '' })
          .split(' formatu')[0]!
          .replace(/\s+$/, ''),
      ),
    );
    expect(await englishLeftIn(page), 'add form').toEqual([]);
    await form.getByRole('button', { name: exactly(lt('common.cancel')) }).click();
    await expectGone(form);

    // The list and its dialogs.
    await page.getByRole('tab', { name: exactly(lt('tabs.locations')) }).click();
    const spotCard = page.getByRole('article', { name: exactly('Voveraitės') });
    await expectVisible(spotCard);
    expect(await spotCard.innerText()).toContain(lt('locations.addedByYou'));
    expect(await spotCard.innerText()).toContain(
      lt('locations.foundByOn', { finder: 'Ona', date: '2025 m. lapkričio 23 d.' }),
    );
    const carCard = page.getByRole('article', { name: exactly(carPark) });
    expect(await carCard.innerText()).toContain(lt('locations.parkedOn', { date: '2025 m. lapkričio 23 d.' }));
    expect(await englishLeftIn(page), 'list').toEqual([]);

    await spotCard.getByRole('button', { name: exactly(lt('locations.share')) }).click();
    const share = page.getByRole('dialog', { name: exactly(lt('sharing.dialogTitle')) });
    await expectVisible(share);
    expect(await englishLeftIn(page), 'share dialog').toEqual([]);
    await share.getByRole('button', { name: exactly(lt('common.cancel')) }).click();
    await expectGone(share);

    await spotCard.getByRole('button', { name: exactly(lt('locations.delete')) }).click();
    const remove = page.getByRole('dialog', { name: exactly(lt('locations.deleteTitle')) });
    await expectVisible(remove);
    expect(await englishLeftIn(page), 'delete dialog').toEqual([]);
    await remove.getByRole('button', { name: exactly(lt('common.cancel')) }).click();
    await expectGone(remove);

    await page.getByRole('button', { name: exactly(lt('offline.deviceTitle')) }).click();
    const device = page.getByRole('dialog', { name: exactly(lt('offline.deviceTitle')) });
    await expectVisible(device);
    await expect.poll(() => englishLeftIn(page), { timeout: UI_TIMEOUT_MS }).toEqual([]);
  });

  it('paints every screen in English words, never keys; the map screen needs no more than the words shipped with it', async () => {
    // No service worker: it would answer from its precache what the test holds back.
    const { page, errors } = await foray.newPage({ serviceWorkers: 'block' });
    // The English words a screen names ship with its code (ADR 0033); the whole dictionary is a chunk of its
    // own, which later screens load. Held back here, the sign-in and map screens must still show words.
    const wholeDictionary = /\/assets\/en-[\w-]+\.js$/;
    await page.route(wholeDictionary, (route) => route.abort());
    errors.allow(/Failed to load resource: net::ERR_FAILED \(at .*\/assets\/en-/); // the map preloads later screens
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: exactly(en('auth.signInHeading')) }));
    expect(await keysLeftIn(page), 'sign-in screen').toEqual([]);

    await signedInUser(page, foray);
    await createSpotByApi(page, foray.baseUrl, { mushroom_types: 'Chanterelles', latitude: 55.2, longitude: 23.9 });
    await page.reload();
    await expectVisible(mapOf(page));
    await expectVisible(page.getByRole('button', { name: exactly(en('map.addAtCentre')) }));
    expect(await keysLeftIn(page), 'map').toEqual([]);

    await page.unroute(wholeDictionary);
    await page.getByRole('button', { name: exactly(en('map.addAtCentre')) }).click();
    await expectVisible(addForm(page));
    await expect.poll(() => keysLeftIn(page), { timeout: UI_TIMEOUT_MS }).toEqual([]);
    await addForm(page)
      .getByRole('button', { name: exactly(en('common.cancel')) })
      .click();
    await expectGone(addForm(page));

    await openTab(page, 'locations');
    const card = cardOf(page, 'Chanterelles');
    await expectVisible(card);
    expect(await keysLeftIn(page), 'list').toEqual([]);
    await card.getByRole('button', { name: exactly(en('visits.record')) }).click();
    await expectVisible(page.getByRole('dialog', { name: exactly(en('visits.recordTitle')) }));
    expect(await keysLeftIn(page), 'visit form').toEqual([]);
  });
});
