// The README's pictures: Foray's map as a signed-in forager sees it on a phone, with spots of several kinds and a
// cluster in a forest, once in English and once in Lithuanian, each in a drawn phone frame:
// docs/images/foray-map-en.png and foray-map-lt.png. A real server on a fresh data folder, whose region map
// (MAP_REGION_FILE) is an invented forest made by scripts/screenshot-region.ts; the browser tests' tile stub
// for the other base layers (no tile provider is reached); Debian's Chromium (CHROME_PATH). docs/screenshots.md.
//   npm run build && npm run screenshot
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startSmtpCatcher, type SmtpCatcher } from '../server/test/smtp-catcher.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startForayServer } from '../e2e/support/foray-server.ts';
import { startTileStub } from '../e2e/support/tile-stub.ts';
import { text } from '../e2e/support/texts.ts';
import { framePhone } from './screenshot-frame.ts';
import { makeScreenshotRegion } from './screenshot-region.ts';

const OUTPUT = (language: Language) => `docs/images/foray-map-${language}.png`;
const LANGUAGES = ['en', 'lt'] as const;
type Language = (typeof LANGUAGES)[number];
const EMAIL = 'ona@example.com';
const PASSWORD = 'chanterelle-autumn-42';
const REGION_NAME = 'Dzūkija';
/** The phone's screen below its status bar (drawn by the frame), in CSS pixels, and the output's pixels per CSS pixel. */
const VIEWPORT = { width: 390, height: 800 };
const OUTPUT_SCALE = 2;
// The phone "stands" in the forest; the map opens on it and the forager zooms in once.
const HERE = { latitude: 54.8326, longitude: 23.9672 };

/** The spots, in metres east and north of HERE: a season's finds, a car park, and three close finds that cluster. */
const SPOTS = [
  { type: 'mushroom_spot', mushroom_types: 'Birch boletes', x: -330, y: 290, is_public: true },
  { type: 'mushroom_spot', mushroom_types: 'Chanterelles', x: 10, y: 130, is_public: true },
  { type: 'mushroom_spot', mushroom_types: 'Chanterelles', x: 55, y: 110, is_public: false },
  { type: 'mushroom_spot', mushroom_types: 'Hedgehog mushrooms', x: 25, y: 78, is_public: false },
  { type: 'mushroom_spot', mushroom_types: 'Porcini', x: 110, y: -420, is_public: false },
  { type: 'mushroom_spot', mushroom_types: 'Saffron milk caps', x: -90, y: -450, is_public: false },
  { type: 'mushroom_spot', mushroom_types: 'Parasol mushrooms', x: 165, y: 300, is_public: true },
  { type: 'mushroom_spot', mushroom_types: 'Chanterelles', x: -40, y: -130, is_public: true },
  { type: 'car_park', mushroom_types: 'Forest lane parking', x: -390, y: -175, is_public: false },
] as const;

async function main() {
  if (!fs.existsSync('dist/client/index.html')) throw new Error('No build in dist/client: run `npm run build` first.');
  const regionDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-screenshot-'));
  const regionFile = path.join(regionDir, 'forest.pmtiles');
  fs.writeFileSync(regionFile, makeScreenshotRegion(HERE));
  // The browser first: when it cannot start, no server is left behind.
  const browser = await launchBrowser();
  const mail = await startSmtpCatcher();
  const tiles = await startTileStub();
  const server = await startForayServer({
    smtpUrl: mail.url,
    tileUrls: {
      street: tiles.template('street'),
      satellite: tiles.template('satellite'),
      topo: tiles.template('topo'),
      dark: tiles.template('dark'),
    },
    env: { MAP_REGION_FILE: regionFile, MAP_REGION_NAME: REGION_NAME },
  });
  try {
    const cookie = await signedInCookie(server.baseUrl, mail);
    await createSpots(server.baseUrl, cookie);
    fs.mkdirSync(path.dirname(OUTPUT('en')), { recursive: true });
    for (const language of LANGUAGES) {
      const shot = await mapOnPhone(browser, server.baseUrl, cookie, language);
      const framed = await framePhone(shot, VIEWPORT.width, OUTPUT_SCALE);
      fs.writeFileSync(OUTPUT(language), framed);
      console.log(`Wrote ${OUTPUT(language)}: ${Math.round(framed.length / 1024)} KB`);
    }
  } finally {
    await browser.close();
    await server.stop();
    await tiles.close();
    await mail.close();
    fs.rmSync(regionDir, { recursive: true, force: true });
  }
}

/** The map tab on a phone in `language`, on the region map, zoomed in once from where the phone stands. */
async function mapOnPhone(browser: Browser, baseUrl: string, cookie: string, language: Language): Promise<Buffer> {
  const words = (key: string, values?: Record<string, string | number>) => text(key, values, language);
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORT,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    timezoneId: 'Europe/Vilnius',
    permissions: ['geolocation'],
    geolocation: HERE,
  });
  const url = new URL(baseUrl);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), domain: url.hostname, path: '/' };
    }),
  );
  const page = await context.newPage();
  await page.goto('/');
  // The "Location found" notice goes by itself; the picture shows the map as a forager sees it afterwards.
  const located = page.getByRole('status').filter({ hasText: text('map.mapLocationFound') });
  await located.waitFor({ state: 'visible', timeout: 30_000 });
  await located.waitFor({ state: 'hidden', timeout: 30_000 });
  if (language !== 'en') {
    // The in-app language choice, as a forager makes it.
    await page
      .getByRole('group', { name: text('common.language') })
      .getByRole('button', { name: language, exact: true })
      .click();
  }
  await page
    .getByLabel(words('map.baseLayer'))
    .selectOption({ label: words('mapRegion.layer', { name: REGION_NAME }) });
  await page.getByRole('button', { name: words('map.zoomIn'), exact: true }).click();
  await page
    .getByRole('button', {
      name: words(`map.clusterLabel_${new Intl.PluralRules(language).select(3)}`, { count: 3 }),
      exact: true,
    })
    .waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // The region layer paints its canvas tiles after it has read them: wait until every tile in view is painted.
  await page.waitForFunction(
    () => {
      const canvases = [...document.querySelectorAll('.leaflet-tile-pane canvas')];
      return canvases.length > 0 && canvases.every((canvas) => canvas.classList.contains('leaflet-tile-loaded'));
    },
    undefined,
    { timeout: 30_000 },
  );
  await page.waitForTimeout(1000);
  const shot = await page.screenshot();
  await context.close();
  return shot;
}

/** Signs up, follows the e-mailed link and signs in; returns the session's cookies as one header. */
async function signedInCookie(baseUrl: string, mail: SmtpCatcher): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const body = JSON.stringify({ email: EMAIL, password: PASSWORD, name: 'Ona' });
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, { method: 'POST', headers, body });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  await fetch(mail.linkIn(await mail.waitForMail(EMAIL)), { redirect: 'manual' });
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, { method: 'POST', headers, body });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function createSpots(baseUrl: string, cookie: string) {
  const metresPerDegree = 111_320;
  for (const { x, y, ...spot } of SPOTS) {
    const response = await fetch(`${baseUrl}/api/v1/locations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
      body: JSON.stringify({
        ...spot,
        finder: 'Ona',
        date_found: '2026-09-14',
        latitude: HERE.latitude + y / metresPerDegree,
        longitude: HERE.longitude + x / (metresPerDegree * Math.cos((HERE.latitude * Math.PI) / 180)),
      }),
    });
    if (!response.ok) throw new Error(`creating a spot answered ${response.status}: ${await response.text()}`);
  }
}

await main();
