// The bridge's refusals in the API's one shape, in the words Foray's users read (auth.routes.ts sends them).
import type { FastifyReply } from 'fastify';
import { errorBody } from '../../plugins/request-id.ts';

/** Codes better-auth answers with, mapped to the messages Foray's users read. */
const FRIENDLY_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'The e-mail or password is wrong.',
  EMAIL_NOT_VERIFIED: 'Please confirm your e-mail first: we have sent you the link again.',
  PASSWORD_TOO_SHORT: 'The password must be at least 8 characters long.',
  PASSWORD_TOO_LONG: 'The password must be at most 128 characters long.',
  INVALID_EMAIL: 'That is not a valid e-mail address.',
  INVALID_TOKEN: 'This link is not valid any more. Ask for a new one.',
  RATE_LIMITED: 'Too many attempts. Please wait a little and try again.',
  INVALID_PASSWORD: 'The password is wrong.',
  INVALID_CODE: 'That code is not right. Check the time on your phone and try the newest code.',
  INVALID_BACKUP_CODE: 'That recovery code is not right, or it has been used already.',
  INVALID_TWO_FACTOR_COOKIE: 'The sign-in has timed out. Enter your e-mail and password again.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Enter your e-mail and password again.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes. Please wait a little and try again.',
  TOTP_ALREADY_ENABLED: 'Two-step sign-in is already on.',
  TWO_FACTOR_NOT_ENABLED: 'Two-step sign-in is off.',
  // Who may join (ADR 0079): the same words whether or not the address has an account.
  SIGNUP_CLOSED: 'Accounts on this server are made by its administrator.',
  INVITE_REQUIRED: 'Joining this server needs an invitation: ask a member for a link.',
  ACCOUNT_PENDING: 'Your account waits for an administrator’s approval. You will get a mail once it is approved.',
  ACCOUNT_DISABLED: 'This account has been disabled by the server’s administrator.',
};

/** better-auth's error in the API's one shape: its code (RATE_LIMITED for any 429) and Foray's words for it. */
export function sendBetterAuthError(reply: FastifyReply, status: number, text: string) {
  let code = status === 429 ? 'RATE_LIMITED' : 'AUTH_ERROR';
  let message = '';
  try {
    const parsed = JSON.parse(text) as { code?: string; message?: string };
    if (parsed.code && status !== 429) code = parsed.code;
    message = parsed.message ?? '';
  } catch {
    // Not JSON: keep the generic code.
  }
  return sendError(reply, status, code, message);
}

/** An error answer: Foray's words for the code when it has them, else the message given. */
export function sendError(reply: FastifyReply, status: number, code: string, message?: string) {
  return reply
    .status(status)
    .type('application/json')
    .send(
      errorBody(reply.request, code, FRIENDLY_MESSAGES[code] ?? (message || 'The request could not be completed.')),
    );
}
