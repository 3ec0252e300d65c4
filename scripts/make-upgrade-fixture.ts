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
import { freePort } from '../e2e/support/foray-server.ts';
import { startSmtpCatcher } from '../server/test/smtp-catcher.ts';
import { withDatabase } from '../server/test/global-setup.ts';
import { servedTo, type UpgradeFixture } from '../server/db/upgrade-fixtures/served.ts';
import { olderForayClient } from './upgrade-fixture/older-foray.ts';
import { recordContent, type Abilities } from './upgrade-fixture/record-content.ts';

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
const can: Abilities = {
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

const foray = olderForayClient(baseUrl, mail);
const { people, jars } = await recordContent(foray, can);

const served: UpgradeFixture['served'] = {};
for (const [index, who] of people.entries()) {
  served[who.email] = await servedTo((url) => foray.call(jars[index]!, 'GET', url), {
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
