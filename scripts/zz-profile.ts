// Manual measurement, not part of `npm test`: Lighthouse (mobile) scores for Foray's sign-in screen and
// its main screen with spots on the map, against a real server started on a fresh data folder, the map's tiles
// from a local stub; each screen is measured RUNS times (default 3) and the medians printed. BASELINE=<git ref>
// measures that commit's web app beside this checkout's, runs interleaved (scripts/baseline-web-app.ts).
//   npm run build && node --import tsx scripts/lighthouse.ts
// KEEP_REPORTS=1 keeps every run's JSON report in .tmp/lighthouse/ (git ignores it), emptied first.
// Lighthouse is not a dependency: npx fetches the pinned version on first use.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpCatcher } from '../server/test/smtp-catcher.ts';
import { chromiumPath, launchBrowser } from '../e2e/support/browser.ts';
import { startForayServer, type ForayServer } from '../e2e/support/foray-server.ts';
import { startTileStub } from '../e2e/support/tile-stub.ts';
import { webAppVariants, type WebAppVariant } from './baseline-web-app.ts';

const LIGHTHOUSE = 'lighthouse@12.8';
const EMAIL = 'lighthouse@example.com';
const PASSWORD = 'chanterelle-autumn-42';
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

type LighthouseReport = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { displayValue?: string; numericValue?: number }>;
};

const SPOTS = 300;
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
  const mail = await startSmtpCatcher();
  const tiles = await startTileStub();
  const server = await startForayServer({ smtpUrl: mail.url, tileUrls: { street: tiles.template('street'), satellite: tiles.template('satellite'), topo: tiles.template('topo'), dark: tiles.template('dark') } });
  const cookie = await signedInCookie(server.baseUrl, mail);
  await seedSpots(server.baseUrl, cookie);
  const browser = await launchBrowser();
  const url = new URL(server.baseUrl);
  for (let run = 0; run < Number(process.env.RUNS ?? 2); run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    await context.addCookies(cookie.split('; ').map((c) => { const [name, ...v] = c.split('='); return { name: name!, value: v.join('='), domain: url.hostname, path: '/' }; }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.evaluate(() => 0).catch(() => 0);
    await page.goto(server.baseUrl);
    await page.waitForTimeout(9000);
    const { profile } = (await cdp.send('Profiler.stop')) as any;
    const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
    const self = new Map<number, number>();
    const dt = profile.timeDeltas as number[];
    profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
    const agg = new Map<string, number>();
    for (const [id, t] of self) { const n = byId.get(id); const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*\//, '')}:${cf.lineNumber}:${cf.columnNumber}`; agg.set(key, (agg.get(key) ?? 0) + t); }
    // total time per node including children, for app functions
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const incl = new Map<string, number>();
    for (const [id, t] of self) { let cur: number | undefined = id; const seen = new Set<string>(); while (cur !== undefined) { const n = byId.get(cur); const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*\//, '')}:${cf.lineNumber}:${cf.columnNumber}`; if (!seen.has(key)) { incl.set(key, (incl.get(key) ?? 0) + t); seen.add(key); } cur = parent.get(cur); } }
    console.log(`run ${run}: self top`);
    for (const [k, t] of [...agg].sort((x, y) => y[1] - x[1]).slice(0, 25)) console.log((t / 1000).toFixed(0).padStart(6), k);
    console.log(`run ${run}: inclusive top (assets)`);
    for (const [k, t] of [...incl].filter(([k]) => /assets|\.js/.test(k) && !k.startsWith('(root)')).sort((x, y) => y[1] - x[1]).slice(0, 45)) console.log((t / 1000).toFixed(0).padStart(6), k);
    await context.close();
  }
  await browser.close();
  await server.stop();
  await tiles.close();
  await mail.close();
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
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npx', args, { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chromiumPath() } });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with code ${code}`))));
  });
  return JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseReport;
}

await main();
