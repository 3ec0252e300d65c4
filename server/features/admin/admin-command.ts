// `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: names or removes an administrator from the
// server's console (ADR 0082). On PostgreSQL it writes directly, servers running or not. With the embedded database
// only one process may open the data folder: a running server is asked through its socket in DATA_DIR, else this
// process takes the folder's lock and opens it.
import { loadConfig, type Config } from '../../config.ts';
import { exitOnFailure } from '../../fatal.ts';
import { openDatabase } from '../../db/client.ts';
import { DataDirLockedError, lockDataDir } from '../../db/data-dir-lock.ts';
import { askServerToRunAdminCommand } from '../../backup/backup-socket.ts';
import { runAdminCommand, type AdminCommand } from './administrators.ts';

const USAGE = 'Usage: npm run admin -- grant <email>   |   npm run admin -- revoke <email>';

async function main() {
  const [command, email, ...rest] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke') || !email || !email.includes('@') || rest.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const request: AdminCommand = { command, email };
  try {
    console.log(config.database.kind === 'pglite' ? await embedded(config, request) : await direct(config, request));
  } catch (error) {
    if ((error as Error).name !== 'AdminCommandRefused') throw error;
    console.error((error as Error).message);
    process.exit(1);
  }
}

async function embedded(config: Config, request: AdminCommand): Promise<string> {
  let lock;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return askServerToRunAdminCommand(config.dataDir, request);
  }
  try {
    return await direct(config, request);
  } finally {
    lock.release();
  }
}

/** This process opens the database (migrating it as a server's start would) and runs the command. */
async function direct(config: Config, request: AdminCommand): Promise<string> {
  const database = await openDatabase(config.database);
  try {
    return await runAdminCommand(database.db, request);
  } finally {
    await database.close();
  }
}

main().catch(exitOnFailure('The command failed'));
