// Makes one upgrade fixture (server/db/upgrade-fixtures/<name>/): a database and its photos as an older Foray stored
// them. The older Foray is really run — a checkout of its commit with its own `npm ci` — on a PostgreSQL database of
// its own; people sign up through its API, record spots, photos, edits, visits and two-step sign-in as far as that
// release had them, and what each of them was then served is written down beside a dump of the database. The
// upgrade test (server/db/upgrade.api.test.ts) starts today's Foray on each fixture and asks it the same questions.
//
//   git worktree add --detach /tmp/foray-old <commit> && (cd /tmp/foray-old && npm ci)
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//     node --import tsx scripts/make-upgrade-fixture.ts /tmp/foray-old <name>
//
// It needs pg_dump on PATH, of the server's major version or newer.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { freePort } from '../e2e/support/foray-server.ts';
import { startSmtpCatcher } from '../server/test/smtp-catcher.ts';
import { secretOf, totp } from '../server/test/totp.ts';
import { withDatabase } from '../server/test/global-setup.ts';
import { servedTo, type UpgradeFixture } from '../server/db/upgrade-fixtures/served.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [oldCheckout, name] = process.argv.slice(2);
const adminUrl = process.env.TEST_DATABASE_URL;
if (!oldCheckout || !name || !adminUrl) {
  console.error('Usage: TEST_DATABASE_URL=postgres://… make-upgrade-fixture.ts <older Foray checkout> <fixture name>');
  process.exit(2);
}
const checkout = path.resolve(oldCheckout);
const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).trim();
const journal = JSON.parse(fs.readFileSync(path.join(checkout, 'server/db/migrations/meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const migrations = journal.entries.map((entry) => entry.tag);
const has = (tagPart: string) => migrations.some((tag) => tag.includes(tagPart));
// What this release could store, read from its migrations.
const can = {
  severalPhotos: has('several_photos'),
  edits: has('location_version'),
  accuracy: has('location_accuracy'),
  visits: has('visits'),
  visitPhotos: has('visit_photos'),
  twoStep: has('account_and_import'),
  circles: has('circles'),
  defaultAudience: has('default_audience'),
};

const out = path.join(root, 'server/db/upgrade-fixtures', name);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-fixture-data-'));
const database = `foray_fixture_${name.replace(/\W/g, '_')}_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${database}`);
const databaseUrl = withDatabase(adminUrl, database);
const mail = await startSmtpCatcher();
// Two-step secrets are stored sealed with it: the upgraded server is started with the same one.
const AUTH_SECRET = 'upgrade-fixture-secret-upgrade-fixture-secret';
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: checkout,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET,
    SMTP_URL: mail.url,
    LOG_LEVEL: 'warn',
  },
});
await new Promise<void>((resolve, reject) => {
  let seen = '';
  server.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    seen += chunk;
    if (/Foray is ready at/.test(seen)) resolve();
  });
  server.once('exit', (code) => reject(new Error(`the older Foray exited with code ${code}:\n${seen}`)));
});
console.log(`Foray ${commit.slice(0, 7)} (last migration ${migrations.at(-1)}) is up; recording what it stores`);

type Jar = { cookie: string };
async function call(jar: Jar | null, method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { origin: baseUrl };
  if (jar?.cookie) headers.cookie = jar.cookie;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(baseUrl + url, { method, headers, body: payload, redirect: 'manual' });
  if (jar) {
    const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
    const kept = new Map(
      jar.cookie ? jar.cookie.split('; ').map((pair) => pair.split('=', 2) as [string, string]) : [],
    );
    for (const pair of cookies) {
      const [key, value] = pair.split('=', 2) as [string, string];
      kept.set(key, value);
    }
    jar.cookie = [...kept].map(([key, value]) => `${key}=${value}`).join('; ');
  }
  if (response.status >= 400) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

const jpeg = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();
const photoForm = async (colour: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('photo', new Blob([await jpeg(colour)], { type: 'image/jpeg' }), `${colour.slice(1)}.jpg`);
  return form;
};

const PASSWORD = 'chanterelle-autumn-42';
async function person(email: string): Promise<Jar> {
  await call(null, 'POST', '/api/auth/sign-up/email', { email, password: PASSWORD });
  const link = mail.linkIn(await mail.waitForMail(email, /confirm your e-mail/i));
  await fetch(link, { redirect: 'manual' });
  const jar = { cookie: '' };
  await call(jar, 'POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
  return jar;
}

async function spot(jar: Jar, fields: Record<string, string>, photo?: string) {
  const form = photo ? await photoForm(photo) : new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return (await (await call(jar, 'POST', '/api/v1/locations', form)).json()) as { id: string };
}

const ona = await person('ona@example.com');
const jonas = await person('jonas@example.com');
const base = { finder: 'Ona', date_found: '2025-09-14', ...(can.accuracy ? { accuracy_m: '12' } : {}) };
const oak = await spot(
  ona,
  {
    ...base,
    type: 'mushroom_spot',
    mushroom_types: 'Baravykai by the oak',
    notes: 'Under the old oak, north side',
    latitude: '55.123456',
    longitude: '23.654321',
  },
  '#a0522d',
);
const chanterelles = await spot(
  ona,
  {
    ...base,
    type: 'mushroom_spot',
    mushroom_types: 'Voveraitės',
    latitude: '55.2',
    longitude: '23.9',
    is_public: 'true',
  },
  '#daa520',
);
await spot(ona, {
  type: 'car_park',
  mushroom_types: 'Forest road',
  date_found: '2025-09-14',
  latitude: '55.201',
  longitude: '23.91',
});
await spot(
  jonas,
  {
    type: 'mushroom_spot',
    mushroom_types: 'Ūmėdės',
    finder: 'Jonas',
    date_found: '2024-08-02',
    latitude: '54.7',
    longitude: '25.3',
  },
  '#556b2f',
);
await spot(jonas, {
  type: 'mushroom_spot',
  mushroom_types: 'Kazlėkai',
  finder: 'Jonas',
  date_found: '2024-10-11',
  latitude: '54.71',
  longitude: '25.31',
  is_public: 'true',
});
if (can.severalPhotos) {
  await call(ona, 'POST', `/api/v1/locations/${chanterelles.id}/photos`, await photoForm('#f4a460'));
}
if (can.edits) {
  await call(ona, 'PATCH', `/api/v1/locations/${oak.id}`, {
    notes: 'Under the old oak, north side; again in 2026',
    base_version: 1,
  });
}
if (can.visits) {
  const found = crypto.randomUUID();
  await call(ona, 'POST', `/api/v1/locations/${oak.id}/visits`, {
    id: found,
    date: '2026-09-20',
    outcome: 'found',
    amount: 'some',
    note: 'Six firm ones',
  });
  await call(ona, 'POST', `/api/v1/locations/${chanterelles.id}/visits`, {
    id: crypto.randomUUID(),
    date: '2026-07-01',
    outcome: 'nothing',
  });
  if (can.visitPhotos) {
    await call(ona, 'POST', `/api/v1/locations/${oak.id}/visits/${found}/photos`, await photoForm('#8b4513'));
  }
}

if (can.circles) {
  // A circle of Ona's that Jonas joined by its link, and a spot shared with it at about 1 km.
  const circle = (await (await call(ona, 'POST', '/api/v1/circles', { name: 'Miško draugai' })).json()) as {
    id: string;
  };
  const invite = (await (await call(ona, 'POST', `/api/v1/circles/${circle.id}/invites`, {})).json()) as {
    token: string;
  };
  await call(jonas, 'POST', `/api/v1/invites/${invite.token}/accept`, {});
  await call(ona, 'POST', '/api/v1/locations', {
    type: 'mushroom_spot',
    mushroom_types: 'Rudmėsės',
    finder: 'Ona',
    date_found: '2026-10-03',
    latitude: 55.345678,
    longitude: 23.456789,
    audience: 'circles',
    circle_ids: [circle.id],
    precision: '1km',
  });
  if (can.defaultAudience) {
    // A second circle both are in, and a spot shared with both: Jonas sees it once (migration 0018's overlaps).
    const club = (await (await call(ona, 'POST', '/api/v1/circles', { name: 'Grybų klubas' })).json()) as {
      id: string;
    };
    const clubInvite = (await (await call(ona, 'POST', `/api/v1/circles/${club.id}/invites`, {})).json()) as {
      token: string;
    };
    await call(jonas, 'POST', `/api/v1/invites/${clubInvite.token}/accept`, {});
    await call(ona, 'POST', '/api/v1/locations', {
      type: 'mushroom_spot',
      mushroom_types: 'Kelmučiai',
      finder: 'Ona',
      date_found: '2026-10-04',
      latitude: 55.356789,
      longitude: 23.467891,
      audience: 'circles',
      circle_ids: [circle.id, club.id],
    });
  }
}

const people: UpgradeFixture['people'] = [
  { email: 'ona@example.com', password: PASSWORD },
  { email: 'jonas@example.com', password: PASSWORD },
];
if (can.twoStep) {
  const enabled = (await (await call(ona, 'POST', '/api/auth/two-factor/enable', { password: PASSWORD })).json()) as {
    totpURI: string;
  };
  const secret = secretOf(enabled.totpURI);
  await call(ona, 'POST', '/api/auth/two-factor/verify-totp', { code: totp(secret) });
  people[0]!.totp_secret = secret;
}

const jars = [ona, jonas];
const served: UpgradeFixture['served'] = {};
for (const [index, who] of people.entries()) {
  served[who.email] = await servedTo((url) => call(jars[index]!, 'GET', url), {
    visits: can.visits,
    circles: can.circles,
  });
}
const visits = Object.values(served).flatMap((spots) => spots.flatMap((spot) => spot.visits ?? []));
console.log(
  `Recorded ${Object.values(served)
    .map((spots) => spots.length)
    .join(' + ')} spots seen, ${visits.length} visits`,
);

server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
// Plain SQL with INSERTs (no COPY, no psql commands), so that PGlite and a PostgreSQL client can both run it.
const dump = execFileSync(
  'pg_dump',
  ['--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=50', '--dbname', databaseUrl],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
fs.writeFileSync(
  path.join(out, 'database.sql'),
  dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n'),
);
fs.cpSync(path.join(dataDir, 'photos'), path.join(out, 'photos'), { recursive: true });
const fixture: UpgradeFixture = {
  made_by: commit,
  last_migration: migrations.at(-1)!,
  auth_secret: AUTH_SECRET,
  people,
  served,
};
fs.writeFileSync(path.join(out, 'fixture.json'), `${JSON.stringify(fixture, null, 2)}\n`);
console.log(`Wrote ${path.relative(root, out)}`);

await admin.query(`drop database ${database} with (force)`);
await admin.end();
await mail.close();
fs.rmSync(dataDir, { recursive: true, force: true });
