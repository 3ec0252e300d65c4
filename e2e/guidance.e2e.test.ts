import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signedInUser } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { useForay } from './support/foray.ts';
import { waitForServiceWorkerControl } from './support/service-worker.ts';
import { addForm, cardOf, createSpotByApi, mapOf, markerOf, openTab } from './support/spots.ts';
import type { Spot } from '../common/schemas/spots.ts';
import { en, englishLeftIn, exactly, lt } from './support/texts.ts';
import { expectGone, expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

const foray = useForay();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const CAR = { latitude: 55.2, longitude: 23.9 };
// 0.002° of latitude is 222.4 m anywhere: the car is due north.
const SOUTH_OF_CAR = { latitude: 55.198, longitude: 23.9, accuracy: 8 };
// 0.005° of longitude at 55.2° N is 317.3 m: the car is due east.
const WEST_OF_CAR = { latitude: 55.2, longitude: 23.895, accuracy: 6 };

const guidanceDialog = (page: Page, title: string) => page.getByRole('dialog', { name: exactly(title) });
const arrow = (dialog: Locator) => dialog.getByRole('img', { name: /^(Arrow|Rodyklė)/ });

/** Fakes a compass reading: Chromium's `deviceorientationabsolute`, alpha counter-clockwise from north. */
async function pointPhoneAt(page: Page, heading: number) {
  await page.evaluate(
    (alpha) => {
      window.dispatchEvent(
        new DeviceOrientationEvent('deviceorientationabsolute', { alpha, beta: 0, gamma: 0, absolute: true }),
      );
    },
    (360 - heading) % 360,
  );
}

describe('guidance', () => {
  it('takes the forager back to the car with no network: distance, bearing, a compass arrow, and warnings in words', async () => {
    const { page, context, errors } = await foray.newPage({
      ...PHONE,
      permissions: ['geolocation'],
      geolocation: SOUTH_OF_CAR,
    });
    // Offline, the map's tiles and the session check fail, and Chromium logs each one.
    errors.allow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|Failed to load resource|ERR_CONNECTION/);
    await signedInUser(page, foray);
    await createSpotByApi(page, foray.baseUrl, { type: 'car_park', mushroom_types: 'Forest road', ...CAR });
    await page.reload();
    await expectVisible(mapOf(page));
    await waitForServiceWorkerControl(page);
    await expectVisible(markerOf(page, 'car_park', 'Forest road'));

    await context.setOffline(true);
    // The app has noticed (its pins now come from the device's copy) before the forager taps the pin: a pin redrawn
    // under a tap in flight is a race of the test's making, not a forager's.
    await expectVisible(page.getByRole('status').filter({ hasText: exactly(en('offline.offline')) }));
    await page.clock.install();
    await markerOf(page, 'car_park', 'Forest road').click();
    const backToCar = page.getByRole('button', { name: exactly(en('guidance.backToCar')) });
    await expectVisible(backToCar);
    await backToCar.click();

    const dialog = guidanceDialog(page, en('guidance.titleCar'));
    await expectVisible(dialog);
    // No compass yet: distance and bearing in words, and a north-up arrow at the bearing.
    await expectVisible(dialog.getByText('220 m', { exact: true }));
    await expectVisible(
      dialog.getByText(en('guidance.direction', { point: en('guidance.points.N'), degrees: 0 }), { exact: true }),
    );
    await expectVisible(dialog.getByRole('img', { name: exactly(en('guidance.arrowNorthUp', { degrees: 0 })) }));
    expect(await arrow(dialog).getAttribute('data-rotation')).toBe('0');
    expect(await dialog.innerText()).toContain(en('guidance.accuracy', { metres: 8 }));
    await expectVisible(dialog.getByRole('region', { name: exactly(en('guidance.mapLabel')) }));

    // The forager walks round to the west of the car: the reading follows.
    await context.setGeolocation(WEST_OF_CAR);
    await expectVisible(dialog.getByText('320 m', { exact: true }));
    await expectVisible(
      dialog.getByText(en('guidance.direction', { point: en('guidance.points.E'), degrees: 90 }), { exact: true }),
    );
    expect(await arrow(dialog).getAttribute('data-rotation')).toBe('90');

    // A compass: the arrow turns with the phone. Facing 30°, the car (at 90°) is 60° to the right.
    await pointPhoneAt(page, 30);
    await expectVisible(dialog.getByRole('img', { name: exactly(en('guidance.arrowRight', { degrees: 60 })) }));
    expect(await arrow(dialog).getAttribute('data-rotation')).toBe('60');
    // Facing 120°, it is 30° to the left.
    await pointPhoneAt(page, 120);
    await expectVisible(dialog.getByRole('img', { name: exactly(en('guidance.arrowLeft', { degrees: 30 })) }));
    expect(await arrow(dialog).getAttribute('data-rotation')).toBe('330');
    // iOS's own compass field is read as it is.
    await page.evaluate(() => {
      const event = new DeviceOrientationEvent('deviceorientation', { alpha: 10, beta: 0, gamma: 0, absolute: false });
      Object.defineProperty(event, 'webkitCompassHeading', { value: 85 });
      window.dispatchEvent(event);
    });
    await expectVisible(dialog.getByRole('img', { name: exactly(en('guidance.arrowAhead')) }));
    expect(await arrow(dialog).getAttribute('data-rotation')).toBe('5');
    // The words are announced, politely.
    expect(await dialog.locator('[aria-live="polite"]').innerText()).toBe(`320 m, ${en('guidance.points.E')}`);

    // A poor fix is said in words.
    await context.setGeolocation({ ...WEST_OF_CAR, accuracy: 120 });
    const inaccurate = dialog.getByRole('status').getByText(en('guidance.inaccurate', { metres: 120, limit: 50 }));
    await expectVisible(inaccurate);
    await context.setGeolocation(WEST_OF_CAR);
    await expectGone(inaccurate);

    // No new fix for over 30 s: the position is stale, and said to be.
    const stale = dialog.getByRole('status').getByText(en('guidance.stale', { seconds: 30 }));
    expect(await stale.count()).toBe(0);
    await page.clock.fastForward(31_000);
    await expectVisible(stale);

    // Escape closes it.
    await page.keyboard.press('Escape');
    await expectGone(dialog);
  });

  it('guides to any spot from its card, in both languages, accessibly, with the screen kept on while open', async () => {
    const { page } = await foray.newPage({ ...PHONE, permissions: ['geolocation'], geolocation: SOUTH_OF_CAR });
    // A stand-in for the Screen Wake Lock that records what Foray asks of it (headless Chromium has no screen to keep on).
    await page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { wakeLog: string[] }).wakeLog = log;
      Object.defineProperty(navigator, 'wakeLock', {
        value: {
          request: async () => {
            log.push('request');
            const sentinel = {
              released: false,
              release: async () => {
                sentinel.released = true;
                log.push('release');
              },
            };
            return sentinel;
          },
        },
      });
    });
    await signedInUser(page, foray);
    // 0.001° of latitude (111.2 m) north and 0.002° of longitude (127.0 m) east of the forager: 169 m at 48.8°.
    await createSpotByApi(page, foray.baseUrl, { mushroom_types: 'Chanterelles', latitude: 55.199, longitude: 23.902 });
    await page.reload();
    await openTab(page, 'locations');
    const card = cardOf(page, 'Chanterelles');
    await expectVisible(card);
    expect(await card.getByRole('button', { name: exactly(en('guidance.backToCar')) }).count()).toBe(0);
    await card.getByRole('button', { name: exactly(en('guidance.guideMeHere')) }).click();

    const dialog = guidanceDialog(page, en('guidance.titleSpot', { title: 'Chanterelles' }));
    await expectVisible(dialog);
    await expectVisible(dialog.getByText('170 m', { exact: true }));
    await expectVisible(
      dialog.getByText(en('guidance.direction', { point: en('guidance.points.NE'), degrees: 49 }), { exact: true }),
    );
    await expectNoSeriousA11yViolations(page, 'guidance view');
    const wakeLog = () => page.evaluate(() => (window as unknown as { wakeLog: string[] }).wakeLog);
    await expect.poll(wakeLog, { timeout: UI_TIMEOUT_MS }).toEqual(['request']);
    await dialog.getByRole('button', { name: exactly(en('common.close')) }).click();
    await expectGone(dialog);
    // The screen may sleep again once guidance is closed.
    await expect.poll(wakeLog, { timeout: UI_TIMEOUT_MS }).toEqual(['request', 'release']);

    await page
      .getByRole('group', { name: exactly(en('common.language')) })
      .getByRole('button', { name: 'lt', exact: true })
      .click();
    await card.getByRole('button', { name: exactly(lt('guidance.guideMeHere')) }).click();
    const ltDialog = guidanceDialog(page, lt('guidance.titleSpot', { title: 'Chanterelles' }));
    await expectVisible(ltDialog.getByText('170 m', { exact: true }));
    await expect.poll(() => englishLeftIn(page), { timeout: UI_TIMEOUT_MS }).toEqual([]);
    await page.keyboard.press('Escape');
    await expectGone(ltDialog);

    // "Add at my position" speaks Lithuanian too.
    await page.getByRole('tab', { name: exactly(lt('tabs.map')) }).click();
    await page.getByRole('button', { name: exactly(lt('map.addAtMyPosition')) }).click();
    const fixer = page.getByRole('region', { name: exactly(lt('fixer.title')) });
    await expectVisible(fixer.getByText(lt('fixer.accuracy', { metres: 8 })));
    await expectVisible(fixer.getByText(lt('fixer.fixes_one', { count: 1 }), { exact: false }));
    await expectVisible(fixer.getByRole('status').getByText(lt('fixer.ready')));
    await expect.poll(() => englishLeftIn(page), { timeout: UI_TIMEOUT_MS }).toEqual([]);
  });

  it('adds a spot at the forager\u2019s position: accuracy shown, fixes averaged, accuracy_m stored', async () => {
    const { page, context } = await foray.newPage({
      ...PHONE,
      permissions: ['geolocation'],
      geolocation: { latitude: 55.2, longitude: 23.9, accuracy: 40 },
    });
    await signedInUser(page, foray);
    await expectVisible(mapOf(page));
    // The forager's own marker always has its circle; a spot's is named apart from it.
    const yourCircle = (metres: number) =>
      mapOf(page).getByRole('img', { name: exactly(en('map.yourAccuracyCircle', { metres })) });
    const circle = (metres: number) =>
      mapOf(page).getByRole('img', { name: exactly(en('map.accuracyCircle', { metres })) });
    await page.getByRole('button', { name: exactly(en('map.locateMe')) }).click();
    await expectVisible(mapOf(page).getByText(en('map.youAreHere'), { exact: true }));
    await expectVisible(yourCircle(40));

    await page.getByRole('button', { name: exactly(en('map.addAtMyPosition')) }).click();
    const fixer = page.getByRole('region', { name: exactly(en('fixer.title')) });
    const use = fixer.getByRole('button', { name: exactly(en('fixer.use')) });
    // One poor fix: shown, but not yet good enough to use.
    await expectVisible(fixer.getByText(en('fixer.accuracy', { metres: 40 })));
    await expectVisible(fixer.getByText(en('fixer.fixes_one', { count: 1 }), { exact: false }));
    await expectVisible(fixer.getByRole('status').getByText(en('fixer.holdStill', { limit: 20 })));
    expect(await use.isDisabled()).toBe(true);

    // A second, better fix 11 m north agrees with the first: weighted 16:1 by 1/accuracy², the mean lies
    // 0.0001° × 16/17 north, and the two together are good to 1/√(1/40² + 1/10²) = 9.7 m.
    await context.setGeolocation({ latitude: 55.2001, longitude: 23.9, accuracy: 10 });
    await expectVisible(fixer.getByText(en('fixer.accuracy', { metres: 10 })));
    await expectVisible(fixer.getByText(en('fixer.fixes_other', { count: 2 }), { exact: false }));
    await expectVisible(fixer.getByRole('status').getByText(en('fixer.ready')));
    await use.click();

    const form = addForm(page);
    await expectVisible(form);
    expect(await form.innerText()).toContain(`55.200094, 23.900000, ${en('form.accuracy', { metres: 10 })}`);
    await form.getByLabel(en('form.mushroomTypes')).fill('Ceps by the birch');
    await form.getByLabel(en('form.finder')).fill('Ona');
    await form.getByRole('button', { name: exactly(en('form.save')) }).click();
    await expectGone(form);

    const stored = async () => {
      const response = await page.request.get('/api/v1/locations?owner=mine');
      return (
        ((await response.json()) as { items: Spot[] }).items.find(
          (spot) => spot.mushroom_types === 'Ceps by the birch',
        ) ?? null
      );
    };
    await expect
      .poll(stored, { timeout: UI_TIMEOUT_MS })
      .toMatchObject({ accuracy_m: 9.7, latitude: 55.200094, longitude: 23.9 });

    // Its popup says how far off it may be, and the map draws that circle while the popup is open.
    // The forager's own marker lies on top of the pin they just placed where they stand: the tap reaches the pin.
    await markerOf(page, 'mushroom_spot', 'Ceps by the birch').click();
    await expectVisible(page.getByText(en('locations.accuracy', { metres: 10 }), { exact: true }));
    await expectVisible(circle(10));
    await page.getByRole('button', { name: exactly(en('map.closePopup')) }).click();
    await expectGone(circle(10));

    await openTab(page, 'locations');
    await expectVisible(
      cardOf(page, 'Ceps by the birch').getByText(en('locations.accuracy', { metres: 10 }), { exact: true }),
    );
  });
});
