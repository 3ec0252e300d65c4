// Manual measurement, not part of `npm test`: Lighthouse (mobile) scores for Foray's sign-in screen and
// its main screen, against a real server started on a fresh data folder.
//   npm run build && node --import tsx scripts/lighthouse.ts
// Lighthouse is not a dependency: npx fetches the pinned version on first use.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpCatcher } from '../server/test/smtp-catcher.ts';
import { chromiumPath } from '../e2e/support/browser.ts';
import { startForayServer } from '../e2e/support/foray-server.ts';

const LIGHTHOUSE = 'lighthouse@12.8';
const EMAIL = 'lighthouse@example.com';
const PASSWORD = 'chanterelle-autumn-42';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

type LighthouseReport = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { displayValue?: string }>;
};

async function main() {
  if (!fs.existsSync('dist/client/index.html')) throw new Error('No build in dist/client: run `npm run build` first.');
  const mail = await startSmtpCatcher();
  // The server keeps its public tile providers: they are unreachable here and blocked below, so Lighthouse
  // measures Foray itself, not a map provider or a hanging request.
  const server = await startForayServer({ smtpUrl: mail.url });
  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-lighthouse-'));
  try {
    const blocked = await tileHostPatterns(server.baseUrl);
    const cookie = await signedInCookie(server.baseUrl, mail);
    const results = [
      { screen: 'sign-in', report: await runLighthouse(server.baseUrl, blocked, reportDir, undefined) },
      { screen: 'main (map)', report: await runLighthouse(server.baseUrl, blocked, reportDir, cookie) },
    ];
    console.log('\nscreen       performance  accessibility  FCP      LCP      TBT');
    for (const { screen, report } of results) {
      const score = (id: string) => String(Math.round((report.categories[id]?.score ?? 0) * 100)).padStart(3);
      const audit = (id: string) => (report.audits[id]?.displayValue ?? '-').padEnd(8);
      console.log(
        `${screen.padEnd(12)} ${score('performance').padEnd(12)} ${score('accessibility').padEnd(14)} ` +
          `${audit('first-contentful-paint')} ${audit('largest-contentful-paint')} ${audit('total-blocking-time')}`,
      );
    }
  } finally {
    fs.rmSync(reportDir, { recursive: true, force: true });
    await server.stop();
    await mail.close();
  }
}

/** `--blocked-url-patterns` values for every base layer's tile host, read from the app's own config. */
async function tileHostPatterns(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/v1/config`);
  const config = (await response.json()) as { tile_layers: Array<{ url: string }> };
  const hosts = new Set(config.tile_layers.map((layer) => new URL(layer.url.replace(/\{s\}/g, 'a')).hostname));
  // {s} subdomains (a., b., c.) are covered by a wildcard on the parent domain.
  return [...hosts].map((host) => `*${host.replace(/^a\./, '.')}*`);
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

async function runLighthouse(url: string, blocked: string[], reportDir: string, cookie: string | undefined) {
  const output = path.join(reportDir, `${cookie ? 'main' : 'sign-in'}.json`);
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
    ...blocked.map((pattern) => `--blocked-url-patterns=${pattern}`),
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
