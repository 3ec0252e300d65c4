import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { exitOnFailure } from './fatal.ts';
import { lockDataDir, type DataDirLock } from './db/data-dir-lock.ts';
import { publicUrlMismatch } from './public-url.ts';
import { describeRelease } from './version.ts';

/** The Foray process: read config, hold the data folder, listen, and close cleanly on SIGTERM/SIGINT. */
async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  // Embedded mode: one process per data folder, or acknowledged rows can be lost.
  const lock: DataDirLock | null = config.database.kind === 'pglite' ? lockDataDir(config.dataDir) : null;
  process.on('exit', () => lock?.release());

  const app = await buildApp(config).catch((error: unknown) => {
    lock?.release();
    throw error;
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight, then closing`);
    const forced = setTimeout(() => {
      app.log.error('Requests did not finish within 10 s; exiting anyway');
      process.exit(1);
    }, 10_000);
    forced.unref();
    app
      .close()
      .then(() => {
        lock?.release();
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'Closing failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const listening = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const database = config.database.kind === 'pglite' ? `embedded PGlite in ${config.database.dir}` : 'PostgreSQL';
  // The address to open is the one mailed links use; where the socket listens is said beside it when it differs.
  const open = config.publicUrlIsSet ? config.publicUrl : listening;
  const where = open === listening ? '' : `; listening on ${listening}`;
  const { port } = app.server.address() as AddressInfo;
  const mismatch = config.publicUrlIsSet ? publicUrlMismatch(config.publicUrl, { host: config.host, port }) : null;
  if (mismatch) console.warn(`Warning: ${mismatch}`);
  // Printed on stdout whatever the log level: scripts and tests wait for this line (/Foray is ready at (http\S+)/).
  const ms = Math.round(performance.now() - startedAt);
  console.log(`Foray is ready at ${open} (${database}${where}; ${ms} ms; version ${describeRelease(config.release)})`);
  if (await app.lacksAdministrator()) {
    console.log(
      'This server has accounts and no administrator yet: name one with `npm run admin -- grant <email>` ' +
        '(while it runs is fine).',
    );
  }
  if (!config.mail.smtpUrl)
    console.log('SMTP_URL is not set: each mail is printed here as a line "Mail to <address>: <link>".');
}

main().catch(exitOnFailure('Foray could not start'));
