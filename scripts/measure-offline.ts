/**
 * `npm run measure:offline`: Foray with no signal, in Debian's Chromium at phone size against the real
 * server (production build, embedded PGlite), after one online visit.
 *
 * - offline cold start: reload with the network cut (the service worker and the device's copy answer),
 *   from navigation until the main screen counts the user's kept spots on the map. Median of RUNS.
 * - a 12 MP camera JPEG recorded offline: its size before, and the size and pixels of what was queued after
 *   shrinking on the device; and the time from Save until the form closed.
 * Needs `npm run build` first. The browser and the server share these cores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { startSmtpCatcher } from '../server/test/smtp-catcher.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { outboxOf, queuedPhotoOf } from '../e2e/support/device.ts';
import { FORAY_ROOT, startForayServer } from '../e2e/support/foray-server.ts';
import { cameraJpeg } from '../e2e/support/photos.ts';
import { en } from '../e2e/support/texts.ts';
import { startTileStub } from '../e2e/support/tile-stub.ts';
import { BENCH_PASSWORD, seedBenchData } from './bench-seed.ts';

const RUNS = Number(process.env.MEASURE_RUNS ?? 5);
const OWN_SPOTS = 500;
const PHONE = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2 };

if (!fs.existsSync(path.join(FORAY_ROOT, 'dist/client/index.html'))) {
  console.error('No built web app: run `npm run build` first.');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-measure-offline-'));
const seeding = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
// Around the map's opening view; half of them the measured forager's own.
const { emails } = await seedBenchData(seeding.db, OWN_SPOTS * 2, {
  minLat: 54.9,
  maxLat: 55.4,
  minLng: 23.4,
  maxLng: 24.4,
});
const counted = await seeding.db.execute(
  sql`select count(*)::int as n from locations l join "user" u on u.id = l.user_id where u.email = ${emails[0]!}`,
);
const own = (counted as unknown as { rows: Array<{ n: number }> }).rows[0];
await seeding.close();

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
  env: { DATA_DIR: dataDir },
});
const browser = await launchBrowser();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

try {
  const context = await browser.newContext({ ...PHONE, baseURL: server.baseUrl, locale: 'en-GB' });
  const page = await context.newPage();
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: server.baseUrl },
    data: { email: emails[0], password: BENCH_PASSWORD },
  });
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()}`);
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The device has kept the forager's own spots once IndexedDB holds them all.
  await page.waitForFunction(
    (expected) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('foray');
        open.onsuccess = () => {
          const request = open.result.transaction('spots').objectStore('spots').count();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result >= expected);
          };
        };
        open.onerror = () => resolve(false);
      }),
    own?.n ?? OWN_SPOTS,
    { timeout: 60_000, polling: 250 },
  );

  await context.setOffline(true);
  const countShown = page.getByText(/^[1-9][\d,.\s\u00a0]* locations?/);
  const coldStarts: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = Date.now();
    await page.reload();
    await page.getByText(en('offline.offline'), { exact: true }).waitFor({ timeout: 30_000 });
    await countShown.waitFor({ timeout: 30_000 });
    coldStarts.push(Date.now() - started);
  }

  // Record a spot offline with a 12 MP photo.
  const photo = await cameraJpeg();
  // The map is full of pins here: add at its centre with the button rather than a click that may hit one.
  await page.getByRole('button', { name: en('map.addAtCentre'), exact: true }).click();
  const form = page.getByRole('region', { name: en('form.title') });
  await form.getByLabel(en('form.mushroomTypes')).fill('Measured porcini');
  await form.getByLabel(en('form.finder')).fill('Ona');
  await form
    .getByLabel(en('form.uploadPhoto'))
    .setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: photo });
  const saveStarted = Date.now();
  await form.getByRole('button', { name: en('form.save'), exact: true }).click();
  await form.waitFor({ state: 'detached', timeout: 30_000 });
  const saveMs = Date.now() - saveStarted;
  const queued = await queuedPhotoOf(page, 'no marker');
  const entries = await outboxOf(page);
  await context.close();

  const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
  console.log(`Offline, phone-sized Chromium, ${own?.n ?? OWN_SPOTS} own spots kept on the device:`);
  console.log(
    `  cold start to the main screen with kept spots: median ${median(coldStarts)} ms of ${RUNS} (${coldStarts.join(', ')} ms)`,
  );
  console.log(
    `  12 MP JPEG (4000×3000) ${megabytes(photo.length)} MB → queued ${queued.type} ${queued.width}×${queued.height} ` +
      `${megabytes(queued.bytes)} MB (${((100 * queued.bytes) / photo.length).toFixed(0)} %); Save to form closed ${saveMs} ms; ` +
      `${entries.length} entry waiting`,
  );
} finally {
  await browser.close();
  await server.stop();
  await tiles.close();
  await mail.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
