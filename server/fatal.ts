import { ConfigError } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { SchemaTooNewError } from './db/schema-version.ts';
import { ArchiveDamagedError, RestoreRefusedError } from './backup/backup-errors.ts';

/**
 * How a Foray command ends when it cannot start: a bad setting, a busy data folder, a database a newer release
 * migrated, a damaged archive or a refused restore is said in one plain line (it names what to fix); anything else with its stack. Exit code 1 either way.
 */
export function exitOnFailure(what: string) {
  return (error: unknown): never => {
    if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof SchemaTooNewError ||
      error instanceof ArchiveDamagedError ||
      error instanceof RestoreRefusedError
    ) {
      console.error(error.message);
    } else {
      console.error(`${what}:`, error);
    }
    process.exit(1);
  };
}
