import { ConfigError } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { SchemaTooNewError } from './db/schema-version.ts';

/**
 * How a Foray command ends when it cannot start: a bad setting, a busy data folder or a database a newer release
 * migrated is said in one plain line (it names what to fix); anything else with its stack. Exit code 1 either way.
 */
export function exitOnFailure(what: string) {
  return (error: unknown): never => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof SchemaTooNewError) {
      console.error(error.message);
    } else {
      console.error(`${what}:`, error);
    }
    process.exit(1);
  };
}
