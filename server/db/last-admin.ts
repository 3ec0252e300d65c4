import { AppError } from '../errors.ts';

/**
 * The trigger of migration 0025 refuses a change or deletion that would leave the server without an active
 * administrator with SQLSTATE FA001. Drizzle wraps the driver's error (`cause`); follow the chain a few steps.
 */
export function isLastAdminRefusal(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if ((current as { code?: unknown }).code === 'FA001') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const LAST_ADMIN_MESSAGE =
  'This server must keep at least one administrator: make someone else an administrator first.';

export const lastAdminError = () => new AppError(409, 'LAST_ADMIN', LAST_ADMIN_MESSAGE);
