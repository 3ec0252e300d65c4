import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, sameAnswer, type TestContext } from '../../test/test-app.ts';
import { readBackupRecord, recordBackupResult } from '../../backup/backup-record.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Debian's Prometheus, started on a configuration of the test's own. CI installs it (.ci/run); a machine without it
 * fails this test with that reason rather than skip it: the lane must not vanish quietly.
 */
async function startPrometheus(config: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-prometheus-'));
  fs.writeFileSync(path.join(dir, 'prometheus.yml'), config);
  const port = await freePort();
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const started = await new Promise<Error | null>((resolve) => {
    child.once('spawn', () => resolve(null));
    child.once('error', resolve);
  });
  if (started)
    throw new Error(
      `Could not run Debian's prometheus (${started.message}): install it (apt-get install prometheus); .ci/run does`,
    );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    /** The value of an instant query's only sample, or null while Prometheus has none. */
    async query(expression: string): Promise<number | null> {
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(expression)}`);
        if (!answer.ok) return null;
        const body = (await answer.json()) as { data: { result: Array<{ value: [number, string] }> } };
        const [sample] = body.data.result;
        return sample ? Number(sample.value[1]) : null;
      } catch {
        if (child.exitCode !== null) throw new Error(`prometheus stopped:\n${log}`);
        return null; // not listening yet
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const metricsWith = (t: TestContext, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('/metrics scraped by a real Prometheus', () => {
  let t: TestContext;
  let prometheus: Awaited<ReturnType<typeof startPrometheus>>;
  beforeAll(async () => {
    t = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const target = `['127.0.0.1:${port}']`;
    prometheus = await startPrometheus(`
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: foray
    authorization: { type: Bearer, credentials: '${TOKEN}' }
    static_configs: [{ targets: ${target} }]
  - job_name: foray-wrong-token
    authorization: { type: Bearer, credentials: 'not-the-token-0123456789' }
    static_configs: [{ targets: ${target} }]
`);
  });
  afterAll(async () => {
    await prometheus?.stop();
    await t?.close();
  });

  it('reads the accounts by status, the photo bytes, the mail backlog, the last backup and the requests back through Prometheus’ API', async () => {
    const kept = await t.createUser();
    const stopped = await t.createUser();
    await t.query(sql`update "user" set status = 'disabled', photo_bytes = 4000 where email = ${stopped.email}`);
    await t.query(sql`update "user" set photo_bytes = 321 where email = ${kept.email}`);
    // Mail that waits (its next attempt far ahead): the backlog is exactly what the database holds unsent.
    await t.query(sql`insert into mail_outbox (to_address, subject, text_body, html_body, next_attempt_at)
      values ('a@example.com', 's', 't', 'h', now() + interval '1 day'), ('b@example.com', 's', 't', 'h', now() + interval '1 day')`);
    await recordBackupResult(t.db, { ok: true });
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/v1/me' });

    const accounts = (await t.query<{ n: number }>(sql`select count(*)::int as n from "user"`)).rows[0]!.n;
    const backlog = (
      await t.query<{ n: number }>(sql`select count(*)::int as n from mail_outbox where sent_at is null`)
    ).rows[0]!.n;
    const backup = (await readBackupRecord(t.db)).lastSuccessAt!.getTime() / 1000;
    expect(accounts).toBe(2);
    expect(backlog).toBeGreaterThanOrEqual(2);

    const poll = { timeout: 60_000, interval: 500 };
    await expect.poll(() => prometheus.query('up{job="foray"}'), poll).toBe(1);
    await expect.poll(() => prometheus.query('sum(foray_accounts)'), poll).toBe(accounts);
    await expect.poll(() => prometheus.query('foray_accounts{status="active"}'), poll).toBe(1);
    await expect.poll(() => prometheus.query('foray_accounts{status="disabled"}'), poll).toBe(1);
    await expect.poll(() => prometheus.query('foray_photo_stored_bytes'), poll).toBe(4321);
    await expect.poll(() => prometheus.query('foray_mail_outbox_backlog'), poll).toBe(backlog);
    await expect
      .poll(
        async () => Math.abs(((await prometheus.query('foray_backup_last_success_timestamp_seconds')) ?? 0) - backup),
        poll,
      )
      .toBeLessThan(0.001);
    await expect
      .poll(() => prometheus.query('foray_http_requests_total{route="/api/v1/me",method="GET",status="401"}'), poll)
      .toBe(3);
    await expect
      .poll(() => prometheus.query('foray_http_request_duration_seconds_count{route="/api/v1/me"}'), poll)
      .toBe(3);
    await expect.poll(() => prometheus.query('sum(foray_db_pool_connections)'), poll).toBeGreaterThanOrEqual(1);
    // The same server scraped with a wrong token: a 404, which Prometheus counts as down.
    await expect.poll(() => prometheus.query('up{job="foray-wrong-token"}'), poll).toBe(0);
  });

  it('counts requests by their route’s pattern, never the URL asked', async () => {
    const id = '5b8c6f0e-9d2a-4c1b-8e7f-3a2b1c0d9e8f';
    await t.app.inject({ method: 'GET', url: `/api/v1/locations/${id}?token=secret-in-a-query` });
    await t.app.inject({ method: 'GET', url: `/invite/${id}` });
    const text = (await metricsWith(t, `Bearer ${TOKEN}`)).body;
    // A page of the web app (no route of its own: the fallback serves it) is counted as unmatched.
    expect(text).toMatch(/foray_http_requests_total\{method="GET",route="unmatched",status="200"\} 1/);
    expect(text).toMatch(/foray_http_requests_total\{method="GET",route="\/api\/v1\/locations\/:id",status="401"\} 1/);
    expect(text).not.toContain(id);
    expect(text).not.toContain('secret-in-a-query');
  });
});

describe('/metrics without the token', () => {
  let t: TestContext;
  let unset: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
    unset = await createTestContext();
  });
  afterAll(async () => {
    await t.close();
    await unset.close();
  });

  it('answers the holder of the token in Prometheus’ text format', async () => {
    const answer = await metricsWith(t, `Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.body).toMatch(/^# HELP foray_http_requests_total /m);
  });

  it('is the 404 of a route that does not exist: without the token, with a wrong one, and when METRICS_TOKEN is unset', async () => {
    const absent = await metricsWith(unset);
    expect(absent.statusCode).toBe(404);
    for (const authorization of [
      undefined,
      'Bearer not-the-token',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const refused = await metricsWith(t, authorization);
      expect(refused.statusCode, authorization).toBe(404);
      expect(sameAnswer(refused), authorization).toBe(sameAnswer(absent));
      expect(refused.headers['content-type']).toBe(absent.headers['content-type']);
    }
    expect((await metricsWith(unset, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });
});
