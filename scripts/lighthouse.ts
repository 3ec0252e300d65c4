// Manual measurement, not part of `npm test`: Lighthouse (mobile) scores for Foray's sign-in screen and
// its main screen with spots on the map, against a real server started on a fresh data folder, the map's tiles
// from a local stub; each screen is measured RUNS times (default 5) and the medians printed as one table, with the
// floor: a page holding only Leaflet and a few markers (scripts/lighthouse-floor.ts), measured in the same run.
// BASELINE=<git ref> measures that commit's web app beside this checkout's, runs interleaved
// (scripts/baseline-web-app.ts), each screen's two builds on adjacent lines of the table.
//   npm run build && node --import tsx scripts/lighthouse.ts
// KEEP_REPORTS=1 keeps every run's JSON report in .tmp/lighthouse/ (git ignores it), emptied first.
// Lighthouse is not a dependency: npx fetches the pinned version on first use.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpCatcher } from '../server/test/smtp-catcher.ts';
import { chromiumPath } from '../e2e/support/browser.ts';
import { startForayServer, type ForayServer } from '../e2e/support/foray-server.ts';
import { startTileStub } from '../e2e/support/tile-stub.ts';
import { webAppVariants, type WebAppVariant } from './baseline-web-app.ts';
import { startFloorPage } from './lighthouse-floor.ts';

const LIGHTHOUSE = 'lighthouse@12.8';
const EMAIL = 'lighthouse@example.com';
const PASSWORD = 'chanterelle-autumn-42';
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

type LighthouseReport = {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { displayValue?: string; numericValue?: number; details?: { items?: Array<{ duration?: number }> } }
  >;
};

/** The longest main-thread task Lighthouse found, in ms (0 when it found none over 50 ms). */
function longestTask(report: LighthouseReport): number {
  return Math.max(0, ...(report.audits['long-tasks']?.details?.items ?? []).map((item) => item.duration ?? 0));
}

const SPOTS = 300;
/** Tries per run: a failed recording is made again (see runLighthouse). */
const LIGHTHOUSE_ATTEMPTS = 3;
/** Where KEEP_REPORTS=1 leaves the reports: a fixed folder inside .tmp/, which git and Prettier ignore. */
const KEPT_REPORTS_DIR = path.join('.tmp', 'lighthouse');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padEnd(8);

/** Spots around the map's first view, so the map screen is measured drawing pins and clusters, not empty. */
async function seedSpots(baseUrl: string, cookie: string) {
  const centre = { lat: 55.1694, lng: 23.8813 }; // the map's first view, DEFAULT_CENTER in client/features/map/map-view.tsx
  for (let i = 0; i < SPOTS; i++) {
    const response = await fetch(`${baseUrl}/api/v1/locations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
      body: JSON.stringify({
        type: i % 5 === 0 ? 'car_park' : 'mushroom_spot',
        mushroom_types: `Chanterelles ${i}`,
        finder: 'Lighthouse',
        date_found: '2026-09-01',
        latitude: centre.lat + Math.sin(i) * 0.5,
        longitude: centre.lng + Math.cos(i * 1.3) * 0.8,
        is_public: i % 2 === 0,
      }),
    });
    if (!response.ok) throw new Error(`creating a spot answered ${response.status}: ${await response.text()}`);
  }
}

async function main() {
  if (!fs.existsSync('dist/client/index.html')) throw new Error('No build in dist/client: run `npm run build` first.');
  const keep = keepReports();
  const mail = await startSmtpCatcher();
  // The map's tiles come from a local stub, so the map draws them as it does for users (its largest paint is
  // often a tile); the public providers are out of reach here.
  const tiles = await startTileStub();
  const variants: Array<WebAppVariant & { server?: ForayServer; cookie?: string }> = webAppVariants(
    process.env.BASELINE,
  );
  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-lighthouse-'));
  const floor = await startFloorPage(tiles.template('street'));
  try {
    for (const variant of variants) {
      variant.server = await startForayServer({
        root: variant.root,
        smtpUrl: mail.url,
        tileUrls: {
          street: tiles.template('street'),
          satellite: tiles.template('satellite'),
          topo: tiles.template('topo'),
          dark: tiles.template('dark'),
        },
      });
      variant.cookie = await signedInCookie(variant.server.baseUrl, mail);
      await seedSpots(variant.server.baseUrl, variant.cookie);
    }
    const runs = Number(process.env.RUNS ?? 5);
    type Result = {
      build: string;
      screen: string;
      url: string;
      cookie?: string;
      label: string;
      reports: LighthouseReport[];
    };
    const results: Result[] = [
      { build: 'Leaflet alone', screen: 'floor (map)', url: floor.url, label: 'floor', reports: [] },
    ];
    for (const screen of ['sign-in', 'main (map)'])
      for (const variant of variants) {
        const baseline = variant.name !== variants.at(-1)!.name;
        results.push({
          build: variant.name,
          screen,
          url: variant.server!.baseUrl,
          ...(screen === 'sign-in' ? {} : { cookie: variant.cookie! }),
          label: `${baseline ? 'baseline-' : ''}${screen === 'sign-in' ? 'sign-in' : 'main'}`,
          reports: [],
        });
      }
    // Interleaved, so that every variant meets the same moments of a busy machine.
    for (let run = 0; run < runs; run++) {
      for (const result of results) {
        result.reports.push(await runLighthouse(result.url, reportDir, result.cookie, result.label, run));
      }
    }
    console.log(
      `\nMedians of ${runs} runs (${new Date().toISOString().slice(0, 10)}); every run's performance score in brackets`,
    );
    const table = results.map(({ build, screen, reports }) => {
      const score = (report: LighthouseReport, id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
      const numeric = (id: string) => median(reports.map((report) => report.audits[id]?.numericValue ?? NaN));
      return [
        screen,
        build,
        `${median(reports.map((report) => score(report, 'performance')))} [${reports.map((report) => score(report, 'performance')).join(', ')}]`,
        String(median(reports.map((report) => score(report, 'accessibility')))),
        seconds(numeric('first-contentful-paint')).trim(),
        seconds(numeric('largest-contentful-paint')).trim(),
        `${Math.round(numeric('total-blocking-time'))} ms`,
        `${Math.round(median(reports.map(longestTask)))} ms`,
      ];
    });
    const header = ['screen', 'build', 'performance', 'accessibility', 'FCP', 'LCP', 'TBT', 'longest task'];
    const widths = header.map((_, column) => Math.max(...[header, ...table].map((cells) => cells[column]!.length)));
    for (const cells of [header, widths.map((width) => '-'.repeat(width)), ...table])
      console.log(
        cells
          .map((cell, column) => cell.padEnd(widths[column]!))
          .join('  ')
          .trimEnd(),
      );
  } finally {
    if (keep) {
      fs.rmSync(KEPT_REPORTS_DIR, { recursive: true, force: true });
      fs.cpSync(reportDir, KEPT_REPORTS_DIR, { recursive: true });
      console.log(`Reports kept in ${KEPT_REPORTS_DIR}/`);
    }
    fs.rmSync(reportDir, { recursive: true, force: true });
    for (const variant of variants) {
      await variant.server?.stop();
      variant.dispose();
    }
    await floor.close();
    await tiles.close();
    await mail.close();
  }
}

/** KEEP_REPORTS is a yes/no switch; a value that is neither stops the script rather than being taken as a path. */
function keepReports(): boolean {
  const value = (process.env.KEEP_REPORTS ?? '').toLowerCase();
  if (['', '0', 'false', 'no'].includes(value)) return false;
  if (['1', 'true', 'yes'].includes(value)) return true;
  throw new Error(`KEEP_REPORTS must be 1/true/yes or 0/false/no, not "${process.env.KEEP_REPORTS}"`);
}

/** Signs up, follows the e-mailed link and signs in, returning the session cookie for the main screen. */
async function signedInCookie(baseUrl: string, mail: Awaited<ReturnType<typeof startSmtpCatcher>>) {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const body = JSON.stringify({ email: EMAIL, password: PASSWORD });
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, { method: 'POST', headers, body });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  await fetch(mail.linkIn(await mail.waitForMail(EMAIL)), { redirect: 'manual' });
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, { method: 'POST', headers, body });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function runLighthouse(url: string, reportDir: string, cookie: string | undefined, label: string, run: number) {
  const output = path.join(reportDir, `${label}-${run + 1}.json`);
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--quiet',
    '--form-factor=mobile',
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${output}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  // Chromium now and then loses the trace of a load (Lighthouse's NO_NAVSTART): that run is made again, up to
  // LIGHTHOUSE_ATTEMPTS times, rather than ending the whole measurement.
  for (let attempt = 1; ; attempt++) {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn('npx', args, { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chromiumPath() } });
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code === 0) break;
    if (attempt === LIGHTHOUSE_ATTEMPTS) throw new Error(`lighthouse exited with code ${code}, ${attempt} times`);
    console.log(`lighthouse exited with code ${code}; running ${label} ${run + 1} again`);
  }
  return JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseReport;
}

await main();
