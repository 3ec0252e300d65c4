import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, validSpot, type TestContext } from '../test/test-app.ts';

/**
 * A TCP relay between the app and PostgreSQL that the test can cut and restore: a real outage (connections
 * dropped, new ones refused) of a real database, with nothing in Foray replaced.
 */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    /** The database is gone: open connections drop, new ones are refused. */
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: () => listen(port),
    close: () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
  };
}

const onPostgres = process.env.FORAY_TEST_DB === 'postgres';

// PGlite runs inside the process: it has no connection to lose.
describe.runIf(onPostgres)('a database outage', () => {
  let t: TestContext;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let user: { cookie: string; email: string; password: string };
  let relayIsUp = true;

  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
    t = await createTestContext({
      reachDatabaseVia: (url) => {
        const relayed = new URL(url);
        relayed.hostname = '127.0.0.1';
        relayed.port = String(relay.port);
        return relayed.toString();
      },
      // A route with a bug: a query PostgreSQL refuses for what it says (division by zero), not for a lost connection.
      testRoutes: (app, db) => {
        app.get('/test/division-by-zero', async () => {
          await db.execute(sql`select 1/0`);
          return { reached: 'never' };
        });
      },
    });
    user = await t.createUser('outage@example.com');
  });
  afterAll(async () => {
    if (!relayIsUp) await relay.restore();
    await t?.close();
    await relay?.close();
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After while it lasts, and serves again as soon as it ends', async () => {
    const list = () => t.app.inject({ url: '/api/v1/locations', headers: { cookie: user.cookie } });
    expect((await list()).statusCode).toBe(200);

    await relay.cut();
    relayIsUp = false;
    const during = [
      await list(),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: { cookie: user.cookie },
        payload: validSpot(),
      }),
      await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } }),
      await t.signIn(user.email, user.password),
      await t.signUp('during-outage@example.com'),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: user.email, redirectTo: '/reset-password' },
      }),
      await t.app.inject({ url: '/api/auth/verify-email?token=abc&callbackURL=/' }),
      await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: user.cookie } }),
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie }, payload: {} }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { newPassword: 'a new password', token: 'abc' },
      }),
    ];
    for (const response of during) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String), request_id: expect.any(String) },
      });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(503);

    await relay.restore();
    relayIsUp = true;
    // The very next requests work: the pool opens new connections, nothing waits for a timer.
    expect((await list()).statusCode).toBe(200);
    expect((await t.signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('still answers a real bug with 500 INTERNAL_ERROR', async () => {
    if (!relayIsUp) await relay.restore();
    relayIsUp = true;
    const bug = await t.app.inject({ url: '/test/division-by-zero' });
    expect(bug.statusCode, bug.body).toBe(500);
    expect(bug.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on the server.', request_id: expect.any(String) },
    });
    expect(bug.headers['retry-after']).toBeUndefined();
    // The database itself is up: the bug is no outage.
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
