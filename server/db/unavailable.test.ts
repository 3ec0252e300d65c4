import pg from 'pg';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * An error as node-postgres makes it from PostgreSQL's ErrorResponse (pg-protocol's parser): the same class, the
 * fields it sets, the server's own words; then wrapped by Drizzle as a query's failure is.
 */
function fromPostgres(code: string, message: string, severity = 'FATAL', routine?: string) {
  const error = new pg.DatabaseError(message, message.length, 'error');
  Object.assign(error, { severity, code, routine });
  return error;
}
const throughDrizzle = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

// What a PostgreSQL server answers while it cannot serve now: each must read as "try again", not as a bug.
const NOT_NOW = [
  ['57P03', 'the database system is starting up'],
  ['57P03', 'the database system is in recovery mode'],
  ['53300', 'sorry, too many clients already'],
  ['53300', 'too many connections for role "foray"'],
  ['55000', 'database "foray" is not currently accepting connections'],
  ['57P01', 'terminating connection due to administrator command'],
  ['57P02', 'terminating connection because of crash of another server process'],
  ['08000', 'connection exception'],
  ['08003', 'connection does not exist'],
  ['08006', 'connection failure'],
  ['08001', 'could not connect to server'],
  ['08004', 'the server rejected the connection'],
  ['08P01', 'invalid frontend message type'],
] as const;

// Statements PostgreSQL refuses for what they say: bugs or bad data, which stay a 500 (or the route's own answer).
const NOT_OUTAGES = [
  ['55000', 'currval of sequence "x_id_seq" is not yet defined in this session', 'ERROR'],
  ['23505', 'duplicate key value violates unique constraint "user_email_key"', 'ERROR'],
  ['42P01', 'relation "nowhere" does not exist', 'ERROR'],
  ['22012', 'division by zero', 'ERROR'],
  ['57014', 'canceling statement due to statement timeout', 'ERROR'],
  ['28P01', 'password authentication failed for user "foray"', 'FATAL'],
] as const;

describe('which database errors mean "not now" (503) rather than a bug (500)', () => {
  it.each(NOT_NOW)('%s %s is "not now", raw and wrapped by Drizzle', (code, message) => {
    expect(isDatabaseUnavailable(fromPostgres(code, message))).toBe(true);
    expect(isDatabaseUnavailable(throughDrizzle(fromPostgres(code, message)))).toBe(true);
  });

  it('reads 55000 "not accepting connections" as "not now" from a server that speaks another language', () => {
    // lc_messages translates the severity word and the message, never the SQLSTATE or the routine's name.
    const error = fromPostgres('55000', 'duomenų bazė „foray“ nepriima prisijungimų', 'LEMTINGA', 'CheckMyDatabase');
    expect(isDatabaseUnavailable(throughDrizzle(error))).toBe(true);
  });

  it.each(NOT_OUTAGES)('%s %s is not an outage', (code, message, severity) => {
    expect(isDatabaseUnavailable(fromPostgres(code, message, severity))).toBe(false);
    expect(isDatabaseUnavailable(throughDrizzle(fromPostgres(code, message, severity)))).toBe(false);
  });

  it('reads a refused or cut socket as "not now"', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(throughDrizzle(refused))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
