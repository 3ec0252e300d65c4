import { loadConfig } from './config.ts';
import { exitOnFailure } from './fatal.ts';
import { openDatabase } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';

/**
 * `npm run db:migrate`: applies pending migrations and exits, for hosts that upgrade the schema as its own step
 * before starting new servers. The server applies them at start as well, so this is never required.
 */
async function migrateOnly() {
  const config = loadConfig();
  // Embedded mode: the same lock as the server's, so a migration never runs beside a live server.
  const lock = config.database.kind === 'pglite' ? lockDataDir(config.dataDir) : null;
  try {
    const database = await openDatabase(config.database);
    await database.close();
    console.log(
      `Foray's database is up to date (${config.database.kind === 'pglite' ? `embedded PGlite in ${config.database.dir}` : 'PostgreSQL'}).`,
    );
  } finally {
    lock?.release();
  }
}

migrateOnly().catch(exitOnFailure('The migration failed'));
