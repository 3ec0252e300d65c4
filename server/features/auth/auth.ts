import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { hash, verify } from '@node-rs/argon2';
import type { Database } from '../../db/client.ts';
import { account, rateLimit, session, twoFactor, user, verification } from '../../db/schema.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { emailChangeMail, existingAccountMail, passwordResetMail, verificationMail } from '../../mail/messages.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/limits.ts';
import { allowedOrigins } from '../../plugins/cross-site.ts';
import { totpReplayGuard } from './totp-replay.ts';

// OWASP's minimum for argon2id (m=19 MiB, t=2, p=1): better-auth's default scrypt parameters are below it.
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;
/** However often a session is used, it ends this long after sign-in. */
export const SESSION_ABSOLUTE_MAX_MS = 30 * 24 * 3600 * 1000;

export type AuthOptions = {
  db: Database;
  outbox: Outbox;
  secret: string;
  publicUrl: string;
  secureCookies: boolean;
  log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
  /** Per-IP limits of better-auth; tests may raise them, never turn them off. */
  rateLimit: { window: number; max: number; signIn: number; signUp: number; reset: number; twoFactor: number };
  /**
   * Removes everything of the account's in one transaction, the user row included, then its photo files
   * (features/account/account-deletion.ts). Runs after better-auth has checked the password.
   */
  deleteAccount: (user: { id: string; email: string }) => Promise<void>;
};

/** The claims of better-auth's e-mail token (a JWT it signs and checks itself): an e-mail change carries `updateTo`. */
export function emailTokenClaims(token: string): { email?: string; updateTo?: string; requestType?: string } {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as unknown;
    return payload && typeof payload === 'object' ? (payload as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * A sign-up the bridge has admitted (auth.routes.ts, ADR 0079): told of the account better-auth makes, to give it its
 * standing (administrator, pending); `refused` once that account was taken back, so no confirmation mail goes out.
 */
export type SignUpScope = { created(user: { id: string; email: string }): Promise<void>; refused: boolean };
export const signUpScope = new AsyncLocalStorage<SignUpScope>();

export function createAuth(options: AuthOptions) {
  const { outbox, publicUrl } = options;
  // Queue, don't await: the response must not take longer when the e-mail exists.
  const queue = (mail: Parameters<Outbox['enqueue']>[0]) => {
    outbox.enqueue(mail).catch((error: unknown) => options.log.error({ err: error }, 'Could not queue mail'));
  };

  return betterAuth({
    appName: 'Foray',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit, twoFactor },
    }),
    telemetry: { enabled: false },
    // Into Foray's log, not the console; "user not found" on a wrong e-mail is routine, not a warning.
    logger: {
      level: 'error',
      log: (level, message) => (level === 'error' ? options.log.error({ source: 'better-auth' }, message) : undefined),
    },
    // A self-host is reached by PUBLIC_URL, but also often by LAN address: accept the request's own origin.
    // The same list the cross-site check of every other route uses (plugins/cross-site.ts).
    trustedOrigins: (request) => allowedOrigins(publicUrl, request?.headers.get('host')),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => hash(password, ARGON2_OPTIONS),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      sendResetPassword: async ({ user: target, url }) => queue(passwordResetMail(target.email, url)),
      onExistingUserSignUp: async ({ user: existing }) => queue(existingAccountMail(existing.email, publicUrl)),
      // The made-up user for an existing e-mail must look exactly like a real new one.
      customSyntheticUser: ({ coreFields, id }) => ({ ...coreFields, id }),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 3600,
      // An e-mail change's link goes to the NEW address (better-auth passes it as the user's e-mail) and changes
      // the address only when opened; the old address is told then (auth.routes.ts).
      sendVerificationEmail: async ({ user: target, url, token }) => {
        // An account taken back at once (a lost race to be the first, ADR 0079) is sent nothing.
        if (signUpScope.getStore()?.refused) return;
        queue(
          emailTokenClaims(token).updateTo ? emailChangeMail(target.email, url) : verificationMail(target.email, url),
        );
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Sign-up without a name (the bridge sends '', auth-paths.ts): an account with none, which the app asks to
          // choose (ADR 0072). better-auth types the name as a string; the column takes null.
          before: async (created) => ({
            data: { ...created, name: created.name === '' ? (null as unknown as string) : created.name },
          }),
          // Runs once the account's rows are written, before the answer (better-auth queues it after its transaction).
          after: async (created) => {
            await signUpScope.getStore()?.created({ id: created.id, email: created.email });
          },
        },
      },
    },
    user: {
      // No sendChangeEmailConfirmation: the link goes straight to the new address, and the change waits for it.
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        // The bridge insists on the password (auth.routes.ts); better-auth checks it before this runs.
        beforeDelete: async (target) => options.deleteAccount({ id: target.id, email: target.email }),
      },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: 24 * 3600,
      // A cached session would outlive sign-out and revocation; every request asks the database.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      // In the database: every Foray server on one PostgreSQL counts together (see ADR 0003).
      storage: 'database',
      window: options.rateLimit.window,
      max: options.rateLimit.max,
      customRules: {
        '/sign-in/email': { window: 60, max: options.rateLimit.signIn },
        '/sign-up/email': { window: 60, max: options.rateLimit.signUp },
        '/request-password-reset': { window: 60, max: options.rateLimit.reset },
        '/send-verification-email': { window: 60, max: options.rateLimit.reset },
        // They check the password: as slow to guess with as sign-in.
        '/change-password': { window: 60, max: options.rateLimit.signIn },
        '/delete-user': { window: 60, max: options.rateLimit.signIn },
        '/change-email': { window: 60, max: options.rateLimit.reset },
        // Every two-step path (codes at sign-in, turning on and off): per address and path, like the password.
        '/two-factor/*': { window: 60, max: options.rateLimit.twoFactor },
      },
    },
    // Two-step sign-in (ADR 0038): an authenticator app and single-use recovery codes.
    plugins: [
      twoFactorPlugin({
        issuer: 'Foray',
        // Not in effect until the first code from the app is right: a mistyped secret never locks anyone out.
        skipVerificationOnEnable: false,
        // The code step lasts ten minutes after the password; five wrong codes end it (the plugin's own rule).
        twoFactorCookieMaxAge: 600,
        // Ten wrong codes in a row lock the code step of the account for 15 minutes (across sign-in attempts).
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
        // Ten codes of ten characters, stored encrypted with AUTH_SECRET; each works once.
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
      }),
      // A code from the app is taken once: the step it belongs to is claimed in the database before it is accepted.
      totpReplayGuard(options.db),
    ],
    advanced: {
      // better-auth skips its own origin and CSRF checks when NODE_ENV is test (as Vitest sets it): said here,
      // the tests run the checks production runs.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      cookiePrefix: 'foray',
      useSecureCookies: options.secureCookies,
      // The bridge overwrites x-forwarded-for with the address Fastify trusts (see auth.routes.ts).
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      database: { generateId: () => crypto.randomUUID() },
    },
  });
}
export type Auth = ReturnType<typeof createAuth>;
