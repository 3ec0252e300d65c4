// What Foray adds around each better-auth path, one row a path (the bridge, auth.routes.ts, applies them).
// A path not listed passes through as it is.
import { DisplayNameSchema } from '../../../common/schemas/account.ts';
import { twoStepBody } from './two-step.ts';

export type AuthBody = Record<string, unknown>;

/** A body the bridge refuses before better-auth sees it: 400 VALIDATION_ERROR with this message. */
export class Refused {
  readonly problem: string;
  constructor(problem: string) {
    this.problem = problem;
  }
}

export type AuthPathRule = {
  /** Answered 404 with this message, whatever is sent. */
  closed?: string;
  /** Only the fields the web app means, checked: better-auth would store or act on any other field as given. */
  body?: (body: AuthBody) => AuthBody | Refused;
  /**
   * A guess the per-account limiter counts (ADR 0011, 0038), and whose:
   * `password`: a sign-in, against the e-mail it names; `code`: the second step of a sign-in, against the account
   * waiting for it; `password-again`: a signed-in user's password asked again, against that user.
   */
  guess?: 'password' | 'code' | 'password-again';
  /**
   * The answer could tell whether an e-mail has an account. Even with mail queued and a dummy hash for unknown
   * addresses, the database work differs by a few milliseconds (a reset token is written only for a real
   * account), so the answer is held until a fixed minimum time after the request arrived.
   */
  holdAnswer?: true;
  /** Success answers `{ ok: true }`: better-auth's answer differs in shape for a new and an existing e-mail. */
  sameAnswer?: true;
  /** A link from an e-mail: it may change the address, and never signs its opener in (auth.routes.ts). */
  mailedLink?: true;
  /** Its success ends the user's time in this browser: the answer empties the browser's HTTP cache (ADR 0074). */
  clearsHttpCache?: true;
  /** A sign-up: admitted or refused by the server's sign-up policy before better-auth sees it (ADR 0079). */
  admits?: true;
};

/** What a sign-up carries for Foray alone, never passed to better-auth: the invitation it comes with, the app's language. */
export type SignUpExtras = { invite: string | null; language: 'en' | 'lt' | null };

/** The sign-up's `invite` (a server or circle invitation's token) and `language`, checked; or the problem. */
export function signUpExtras(body: AuthBody): SignUpExtras | Refused {
  const { invite, language } = body;
  if (invite !== undefined && invite !== null && (typeof invite !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(invite)))
    return new Refused('invite: not an invitation token');
  if (language !== undefined && language !== null && language !== 'en' && language !== 'lt')
    return new Refused('language: en or lt');
  return { invite: typeof invite === 'string' ? invite : null, language: language ?? null };
}

/** The display name in a body, checked (trimmed, 1–60 characters, no control characters), or the problem. */
function displayName(value: unknown): string | Refused {
  const parsed = DisplayNameSchema.safeParse(value);
  return parsed.success ? parsed.data : new Refused(`name: ${parsed.error.issues[0]?.message ?? 'not a valid name'}`);
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Where the e-mailed confirmation link lands: back on the invitation that was opened before signing up (issue #20,
 * ADR 0056), so "Join <circle>?" follows in whichever tab or browser the mail is opened; else the start page. Only a
 * path shaped like an invitation's is taken (the app sends /invite/<token>), so the link cannot be sent elsewhere.
 */
function confirmedLanding(callbackURL: unknown): string {
  return typeof callbackURL === 'string' && /^\/invite\/[A-Za-z0-9_-]{1,200}$/.test(callbackURL)
    ? `${callbackURL}?verified=1`
    : '/?verified=1';
}

function signUpBody(body: AuthBody): AuthBody | Refused {
  const email = typeof body.email === 'string' ? body.email.trim() : body.email;
  const name = isBlank(body.name) ? undefined : displayName(body.name);
  if (name instanceof Refused) return name;
  return {
    email,
    password: body.password,
    // The display name others see is the forager's choice or none (ADR 0072): never made from the address, whose
    // part before the @ often is the person's full name. better-auth wants a string; none is stored as null (auth.ts).
    name: name ?? '',
    callbackURL: confirmedLanding(body.callbackURL),
  };
}

/** A two-step path: the second step of a sign-in (`code`), or turning two-step sign-in on or off (`password-again`). */
const twoStep = (path: string, guess: 'code' | 'password-again'): AuthPathRule => ({
  body: (body) => twoStepBody(path, body),
  guess,
});

/** Routes the web app does not use and that would hand out more than it needs (other sessions' tokens). */
const CLOSED: AuthPathRule = { closed: 'There is no such page.' };

const RULES: Record<string, AuthPathRule> = {
  '/sign-up/email': { body: signUpBody, holdAnswer: true, sameAnswer: true, admits: true },
  '/sign-in/email': {
    // A sign-in before confirming re-sends the link; it should land on the same confirmation page.
    body: (body) => ({
      email: body.email,
      password: body.password,
      rememberMe: body.rememberMe,
      callbackURL: confirmedLanding(body.callbackURL),
    }),
    guess: 'password',
    holdAnswer: true,
  },
  '/request-password-reset': { holdAnswer: true },
  '/verify-email': { mailedLink: true },
  // The account page (ADR 0037): only the fields it means, checked here.
  '/update-user': {
    body: (body) => {
      const name = displayName(body.name);
      return name instanceof Refused ? name : { name };
    },
  },
  '/change-email': {
    body: (body) => ({
      newEmail: typeof body.newEmail === 'string' ? body.newEmail.trim() : body.newEmail,
      callbackURL: '/?verified=1',
    }),
  },
  '/change-password': {
    // Every other session ends: whoever else knew the old password is signed out.
    body: (body) => ({
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
      revokeOtherSessions: true,
    }),
  },
  '/sign-out': { clearsHttpCache: true },
  '/delete-user': {
    clearsHttpCache: true,
    // Always the password: better-auth would otherwise accept a session younger than a day alone.
    body: (body) =>
      typeof body.password === 'string' && body.password !== ''
        ? { password: body.password }
        : new Refused('password: required to delete the account'),
  },
  '/list-sessions': CLOSED,
  '/revoke-session': CLOSED,
  '/revoke-sessions': CLOSED,
  '/delete-user/callback': CLOSED,
  '/update-session': CLOSED,
  // Two-step sign-in (ADR 0038): each path with only its own fields (two-step.ts).
  '/two-factor/enable': twoStep('/two-factor/enable', 'password-again'),
  '/two-factor/get-totp-uri': twoStep('/two-factor/get-totp-uri', 'password-again'),
  '/two-factor/generate-backup-codes': twoStep('/two-factor/generate-backup-codes', 'password-again'),
  '/two-factor/disable': twoStep('/two-factor/disable', 'password-again'),
  '/two-factor/verify-totp': twoStep('/two-factor/verify-totp', 'code'),
  '/two-factor/verify-backup-code': twoStep('/two-factor/verify-backup-code', 'code'),
};

/** Only the two-step paths Foray uses: codes by e-mail or text message (send-otp, verify-otp) are not offered. */
const OTHER_TWO_STEP: AuthPathRule = { closed: 'No such route.' };

/** What Foray does around `path` (below /api/auth). */
export function authPathRule(path: string): AuthPathRule {
  if (Object.hasOwn(RULES, path)) return RULES[path]!;
  if (path.startsWith('/two-factor/')) return OTHER_TWO_STEP;
  return {};
}

/** The path below /api/auth of a request's URL, without its query. */
export const authPathOf = (url: string) => url.slice('/api/auth'.length).split('?')[0] ?? '';
