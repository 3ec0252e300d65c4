/**
 * Whether an error means the database cannot be reached right now (down, restarting, out of connections),
 * rather than a bug. Those answer 503 with Retry-After; the pool connects again on the next request, so
 * service comes back as soon as the database does.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in its own (`cause`); follow the chain a few steps.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const { code, message, severity, routine } = current as Record<string, unknown>;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')))
      return true;
    // 55000 object_not_in_prerequisite_state is also a statement's own mistake (currval before nextval). Only the
    // database refusing connections (ALLOW_CONNECTIONS false) counts: it ends the session (FATAL), and the
    // function that refused it is named in a field that, unlike the severity word, no server translates.
    if (code === '55000' && (severity === 'FATAL' || routine === 'CheckMyDatabase')) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The socket could not be opened or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/**
 * PostgreSQL's SQLSTATEs for a server going away or not taking connections: class 08 (connection exception),
 * 57P01 admin_shutdown (pg_terminate_backend, a restart), 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up, recovering), 53300 too_many_connections (the server's, a role's or a database's limit); and 55000
 * when the database refuses connections (below).
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres says these without a code. */
const DRIVER_MESSAGES =
  /^(Connection terminated|Connection terminated unexpectedly|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end on the pool)/;

/** PostgreSQL cancelled the statement (SQLSTATE 57014): it ran past the statement timeout. */
export function isStatementTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if ((current as { code?: unknown }).code === '57014') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
