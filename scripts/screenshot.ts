// The README's picture: Foray's map on a phone-sized screen with a few spots, written to
// docs/images/map-phone.png. A real server on a fresh data folder, the browser tests' tile stub for the
// map (plain coloured tiles: the tile providers are not reached) and Debian's Chromium (CHROME_PATH).
//   npm run build && npm run screenshot
import fs from 'node:fs';
import path from 'node:path';
import { startSmtpCatcher, type SmtpCatcher } from '../server/test/smtp-catcher.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startForayServer } from '../e2e/support/foray-server.ts';
import { startTileStub } from '../e2e/support/tile-stub.ts';
import { text } from '../e2e/support/texts.ts';

const OUTPUT = 'docs/images/map-phone.png';
const EMAIL = 'ona@example.com';
const PASSWORD = 'chanterelle-autumn-42';
// A forest south of Kaunas; the phone "stands" here, so the map opens on it at street level.
const HERE = { latitude: 54.8326, longitude: 23.9672 };

/** A few spots around HERE, as a forager would have them after a season. */
const SPOTS = [
  { type: 'mushroom_spot', mushroom_types: 'Chanterelles', dy: 0.0032, dx: -0.0061, is_public: true },
  { type: 'mushroom_spot', mushroom_types: 'Porcini', dy: -0.0041, dx: 0.0048, is_public: false },
  { type: 'mushroom_spot', mushroom_types: 'Birch boletes', dy: 0.0058, dx: 0.0072, is_public: true },
  { type: 'mushroom_spot', mushroom_types: 'Saffron milk caps', dy: -0.0074, dx: -0.0039, is_public: false },
  { type: 'mushroom_spot', mushroom_types: 'Parasol mushrooms', dy: 0.0012, dx: 0.0105, is_public: true },
  { type: 'car_park', mushroom_types: 'Forest road parking', dy: -0.0015, dx: -0.0098, is_public: false },
] as const;

async function main() {
  if (!fs.existsSync('dist/client/index.html')) throw new Error('No build in dist/client: run `npm run build` first.');
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
  });
  try {
    const cookie = await signedInCookie(server.baseUrl, mail);
    await createSpots(server.baseUrl, cookie);

    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-GB',
      timezoneId: 'Europe/Vilnius',
      permissions: ['geolocation'],
      geolocation: HERE,
    });
    const url = new URL(server.baseUrl);
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), domain: url.hostname, path: '/' };
      }),
    );
    const page = await context.newPage();
    await page.goto('/');
    for (const spot of SPOTS) {
      const name = `${text(`locationTypes.${spot.type}`)}: ${spot.mushroom_types}`;
      await page.getByRole('button', { name, exact: true }).waitFor({ state: 'visible', timeout: 30_000 });
    }
    // The "Location found" notice goes by itself; the picture shows the map as a forager sees it afterwards.
    await page
      .getByRole('status')
      .filter({ hasText: text('map.mapLocationFound') })
      .waitFor({ state: 'hidden', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
    await page.screenshot({ path: OUTPUT });
    console.log(`Wrote ${OUTPUT}`);
  } finally {
    await browser.close();
    await server.stop();
    await tiles.close();
    await mail.close();
  }
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
  for (const { dx, dy, ...spot } of SPOTS) {
    const response = await fetch(`${baseUrl}/api/v1/locations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
      body: JSON.stringify({
        ...spot,
        finder: 'Ona',
        date_found: '2026-09-14',
        latitude: HERE.latitude + dy,
        longitude: HERE.longitude + dx,
      }),
    });
    if (!response.ok) throw new Error(`creating a spot answered ${response.status}: ${await response.text()}`);
  }
}

await main();
