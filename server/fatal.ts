import { ConfigError } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

/**
 * How a Foray command ends when it cannot start: a bad setting or a busy data folder is said in one plain
 * line (it names what to fix); anything else with its stack. Exit code 1 either way.
 */
export function exitOnFailure(what: string) {
  return (error: unknown): never => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(`${what}:`, error);
    }
    process.exit(1);
  };
}
