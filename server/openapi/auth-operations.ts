// The sign-in routes in the OpenAPI document, written by hand: they are better-auth's, served through one catch-all
// route of Foray's bridge (features/auth/auth.routes.ts), which no schema describes. Each is documented as it really
// answers once the bridge has had its say (features/auth/auth-paths.ts: the fields kept, the same answer to a new
// and a known e-mail, the per-account limit): server/openapi/generated-client.api.test.ts drives them through a
// client generated from this. Only the paths Foray's web app uses are here; better-auth's others are closed or unused.
import { z } from 'zod';
import {
  AccountDeletedSchema,
  AuthSessionSchema,
  BackupCodesSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  CodeAcceptedSchema,
  CodeBodySchema,
  PasswordBodySchema,
  PasswordChangedSchema,
  RequestResetAnswerSchema,
  RequestResetBodySchema,
  ResetPasswordBodySchema,
  SendVerificationBodySchema,
  SignedUpSchema,
  SignInAnswerSchema,
  SignInBodySchema,
  SignUpBodySchema,
  StatusSchema,
  SuccessSchema,
  TotpUriSchema,
  TwoStepStartedSchema,
  UpdateUserBodySchema,
  VerifiedSchema,
} from '../../common/schemas/auth.ts';

type Json = Record<string, unknown>;

/** A zod schema as the document's JSON Schema (OpenAPI 3.1 is JSON Schema 2020-12). */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
  }) as Json;
  return rest;
}

const API_ERROR = { $ref: '#/components/schemas/ApiError' };
const jsonBody = (schema: z.ZodType) => ({
  required: true,
  content: { 'application/json': { schema: schemaOf(schema, 'input') } },
});
const answer = (description: string, schema: z.ZodType, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: schemaOf(schema, 'output') } },
});
const refused = (description: string) => ({ description, content: { 'application/json': { schema: API_ERROR } } });
const redirect = (description: string) => ({
  description,
  headers: { Location: { description: 'Where to go next', schema: { type: 'string' } } },
});
const setCookie = (description: string) => ({ 'Set-Cookie': { description, schema: { type: 'string' } } });
const query = (name: string, description: string, required: boolean) => ({
  name,
  in: 'query',
  required,
  description,
  schema: { type: 'string' },
});

/** The paths below /api/auth, by method: OpenAPI operations without their operationId and security (operations.ts adds them). */
export const AUTH_PATHS: Record<string, Record<string, Json>> = {
  '/api/auth/sign-up/email': {
    post: {
      summary: 'Sign up with e-mail and password; a confirmation link is mailed',
      description:
        'The account can sign in once the mailed link is opened (verify-email). The answer is the same, and takes as ' +
        'long, whether the address is new or already has an account: the mail says which.',
      requestBody: jsonBody(SignUpBodySchema),
      responses: {
        200: answer('Signed up, or the address already had an account', SignedUpSchema),
        400: refused('VALIDATION_ERROR, or a password too short or long (PASSWORD_TOO_SHORT, PASSWORD_TOO_LONG)'),
        403: refused(
          'Refused by the server’s sign-up policy (GET /api/v1/signup): SIGNUP_CLOSED (administrators make the ' +
            'accounts) or INVITE_REQUIRED (no valid invitation was sent). The same answer, in the same time, whether ' +
            'or not the address has an account. Under `approval` the sign-up succeeds and the account waits for an ' +
            'administrator (signing in then answers ACCOUNT_PENDING).',
        ),
      },
    },
  },
  '/api/auth/verify-email': {
    get: {
      summary: 'Confirm an e-mail address: the mailed link',
      description:
        'The link in the mail carries `token` and `callbackURL`. Opened with `callbackURL` (as a browser opens the link) ' +
        'the answer is a 302 to it, with `?error=INVALID_TOKEN` added when the link is no good; with the token alone ' +
        '(a script) it is JSON. It never signs anyone in.',
      parameters: [
        query('token', 'The `token` of the mailed link', true),
        query('callbackURL', 'Given (as in the mailed link): the answer is a 302 to it', false),
      ],
      responses: {
        200: answer('Confirmed (or confirmed already); the account may sign in', VerifiedSchema),
        302: redirect('With callbackURL: on to it (with `error=…` when the link is no good)'),
        401: refused('INVALID_TOKEN or TOKEN_EXPIRED: the link is no good (ask for a new one)'),
      },
    },
  },
  '/api/auth/send-verification-email': {
    post: {
      summary: 'Send the confirmation link again',
      requestBody: jsonBody(SendVerificationBodySchema),
      responses: { 200: answer('Sent if the address has an unconfirmed account', StatusSchema) },
    },
  },
  '/api/auth/sign-in/email': {
    post: {
      summary: 'Sign in with e-mail and password',
      description:
        'Signed in: the session cookie comes in Set-Cookie; send it back with every call. An account with two-step ' +
        'sign-in answers `twoFactorRedirect: true` and sets the cookie of the waiting sign-in instead: send a code to ' +
        'verify-totp (or a recovery code to verify-backup-code) with it. Wrong passwords for one account are limited ' +
        'per account (429 with Retry-After). An unconfirmed address is refused and its link is mailed again.',
      requestBody: jsonBody(SignInBodySchema),
      responses: {
        200: answer(
          'Signed in, or waiting for the second step',
          SignInAnswerSchema,
          setCookie('The session cookie, or the cookie of the sign-in waiting for its second step'),
        ),
        401: refused('INVALID_EMAIL_OR_PASSWORD'),
        403: refused(
          'EMAIL_NOT_VERIFIED (the link was mailed again), ACCOUNT_PENDING (waiting for an administrator’s approval), ' +
            'ACCOUNT_DISABLED (disabled by an administrator), or another site’s request. ACCOUNT_PENDING and ' +
            'ACCOUNT_DISABLED come only after the right password: no session is made.',
        ),
      },
    },
  },
  '/api/auth/two-factor/verify-totp': {
    post: {
      summary: 'The second step: a code from the authenticator app',
      description:
        'After a sign-in that answered `twoFactorRedirect`, with its cookie: signs in (the session cookie comes in ' +
        'Set-Cookie). Signed in, after enable: the first code turns two-step sign-in on (and the session is renewed).',
      requestBody: jsonBody(CodeBodySchema),
      responses: {
        200: answer(
          'Signed in, or two-step sign-in turned on',
          CodeAcceptedSchema,
          setCookie('The (new) session cookie'),
        ),
        401: refused('INVALID_CODE, or INVALID_TWO_FACTOR_COOKIE (the sign-in timed out: sign in again)'),
        403: refused('ACCOUNT_PENDING or ACCOUNT_DISABLED: the account may not sign in now; no session is made'),
      },
    },
  },
  '/api/auth/two-factor/verify-backup-code': {
    post: {
      summary: 'The second step: a recovery code instead (each works once)',
      requestBody: jsonBody(CodeBodySchema),
      responses: {
        200: answer('Signed in', CodeAcceptedSchema, setCookie('The session cookie')),
        401: refused('INVALID_BACKUP_CODE, or INVALID_TWO_FACTOR_COOKIE'),
        403: refused('ACCOUNT_PENDING or ACCOUNT_DISABLED: the account may not sign in now; no session is made'),
      },
    },
  },
  '/api/auth/get-session': {
    get: {
      summary: 'The session and its user, or null when signed out',
      responses: { 200: answer('The session, or null', AuthSessionSchema) },
    },
  },
  '/api/auth/sign-out': {
    post: {
      summary: 'Sign out: the session ends on the server and its cookie is cleared',
      responses: { 200: answer('Signed out (also when there was no session)', SuccessSchema, setCookie('Cleared')) },
    },
  },
  '/api/auth/request-password-reset': {
    post: {
      summary: 'Mail a link to choose a new password',
      description: 'The same answer, taking as long, whether the address has an account or not.',
      requestBody: jsonBody(RequestResetBodySchema),
      responses: { 200: answer('Mailed if the address has an account', RequestResetAnswerSchema) },
    },
  },
  '/api/auth/reset-password/{token}': {
    get: {
      summary: 'The mailed reset link: on to the web app’s page with the token',
      parameters: [
        { name: 'token', in: 'path', required: true, schema: { type: 'string' } },
        query('callbackURL', 'The page to go on to, on this server (the link carries it)', true),
      ],
      responses: {
        302: redirect('On to callbackURL with `?token=…`, or with `?error=INVALID_TOKEN`'),
        400: refused('VALIDATION_ERROR: no callbackURL'),
        403: refused('INVALID_CALLBACK_URL: callbackURL is not on this server'),
      },
    },
  },
  '/api/auth/reset-password': {
    post: {
      summary: 'Choose a new password with the token of the mailed link; every session ends',
      requestBody: jsonBody(ResetPasswordBodySchema),
      responses: {
        200: answer('Changed', StatusSchema),
        400: refused('INVALID_TOKEN, or a password too short or long'),
      },
    },
  },
  '/api/auth/update-user': {
    post: {
      summary: 'Change one’s display name',
      requestBody: jsonBody(UpdateUserBodySchema),
      responses: { 200: answer('Changed', StatusSchema) },
    },
  },
  '/api/auth/change-email': {
    post: {
      summary: 'Change one’s e-mail: a link goes to the new address, which takes effect when it is opened',
      requestBody: jsonBody(ChangeEmailBodySchema),
      responses: { 200: answer('Mailed', StatusSchema) },
    },
  },
  '/api/auth/change-password': {
    post: {
      summary: 'Change one’s password; every other session ends',
      requestBody: jsonBody(ChangePasswordBodySchema),
      responses: {
        200: answer('Changed', PasswordChangedSchema),
        400: refused('INVALID_PASSWORD (the current one is wrong), or the new one too short or long'),
      },
    },
  },
  '/api/auth/revoke-other-sessions': {
    post: {
      summary: 'Sign out everywhere else',
      responses: { 200: answer('The other sessions ended', StatusSchema) },
    },
  },
  '/api/auth/delete-user': {
    post: {
      summary: 'Delete one’s account and everything of it, with the password',
      requestBody: jsonBody(PasswordBodySchema),
      responses: {
        200: answer('Deleted', AccountDeletedSchema),
        400: refused('VALIDATION_ERROR (no password) or INVALID_PASSWORD'),
      },
    },
  },
  '/api/auth/two-factor/enable': {
    post: {
      summary: 'Start turning two-step sign-in on: the secret for the app and recovery codes',
      description: 'Not in effect until the first code from the app is sent to verify-totp.',
      requestBody: jsonBody(PasswordBodySchema),
      responses: {
        200: answer('The secret and the recovery codes', TwoStepStartedSchema),
        400: refused('INVALID_PASSWORD'),
      },
    },
  },
  '/api/auth/two-factor/get-totp-uri': {
    post: {
      summary: 'The authenticator app’s secret again (a QR code)',
      requestBody: jsonBody(PasswordBodySchema),
      responses: { 200: answer('The secret', TotpUriSchema), 400: refused('INVALID_PASSWORD') },
    },
  },
  '/api/auth/two-factor/generate-backup-codes': {
    post: {
      summary: 'New recovery codes; the old ones stop working',
      requestBody: jsonBody(PasswordBodySchema),
      responses: { 200: answer('The new codes', BackupCodesSchema), 400: refused('INVALID_PASSWORD') },
    },
  },
  '/api/auth/two-factor/disable': {
    post: {
      summary: 'Turn two-step sign-in off',
      requestBody: jsonBody(PasswordBodySchema),
      responses: { 200: answer('Off', StatusSchema), 400: refused('INVALID_PASSWORD') },
    },
  },
};
