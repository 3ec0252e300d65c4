// The bodies and answers of the sign-in routes (better-auth's, through Foray's bridge: server/features/auth/), as
// they really are once the bridge has had its say (auth-paths.ts): what the OpenAPI document promises for them.
// better-auth owns the shapes of its users and sessions: they are open objects here, so a field it adds breaks no one.
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../limits.ts';
import { DisplayNameSchema } from './account.ts';

const EmailSchema = z.email().max(320);
const PasswordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
/** Where a mailed link lands in the web app: only a path of an invitation (`/invite/<token>`) is kept, else the start page. */
const LandingSchema = z
  .string()
  .max(300)
  .describe('`/invite/<token>` to land back on an invitation; anything else lands on the start page');

export const SignUpBodySchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  name: DisplayNameSchema.optional().describe(
    'The name others see; when left out, the part of the e-mail before the @',
  ),
  callbackURL: LandingSchema.optional(),
  invite: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .nullish()
    .describe(
      'The token of a server invitation (/join/<token>) or of a circle invitation (/invite/<token>): lets the ' +
        'sign-up through a server whose policy asks for one (ADR 0079)',
    ),
  language: z
    .enum(['en', 'lt'])
    .nullish()
    .describe('The app’s language: the mails about the account (waiting for approval, approved) are written in it'),
});

/** Sign-up's answer, the same whether the address was new or already had an account (the mail says which). */
export const SignedUpSchema = z.object({ ok: z.literal(true) });

export const SignInBodySchema = z.object({
  email: EmailSchema,
  password: z.string().max(PASSWORD_MAX),
  /** false: the session ends with the browser (a cookie without Max-Age) and does not slide. */
  rememberMe: z.boolean().optional(),
  callbackURL: LandingSchema.optional().describe('Where the confirmation link re-sent to an unconfirmed address lands'),
});

export const AuthUserSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullish(),
  twoFactorEnabled: z.boolean().nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Signed in: the session cookie is set (Set-Cookie); `token` is the session's id, not the cookie's value. */
export const SignedInSchema = z.looseObject({
  redirect: z.boolean(),
  token: z.string(),
  url: z.string().nullish(),
  user: AuthUserSchema,
});

/** The password was right and the account has two-step sign-in: no session yet; a code goes to verify-totp next. */
export const TwoStepNeededSchema = z.looseObject({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.string()).optional(),
});

export const SignInAnswerSchema = z.union([SignedInSchema, TwoStepNeededSchema]);

export const VerifiedSchema = z.looseObject({ status: z.literal(true), user: z.null() });

export const SendVerificationBodySchema = z.object({ email: EmailSchema, callbackURL: LandingSchema.optional() });

/** Done. */
export const StatusSchema = z.looseObject({ status: z.boolean() });
export const SuccessSchema = z.looseObject({ success: z.boolean() });

export const AuthSessionSchema = z
  .looseObject({
    session: z.looseObject({
      id: z.string(),
      userId: z.string(),
      expiresAt: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
    user: AuthUserSchema,
  })
  .nullable();

export const CodeBodySchema = z.object({
  code: z.string().max(64).describe('The six digits of the authenticator app (verify-totp), or a recovery code'),
});

/** Signed in after the second step, or two-step sign-in turned on (the first code from the app). */
export const CodeAcceptedSchema = z.looseObject({ token: z.string(), user: AuthUserSchema });

export const PasswordBodySchema = z.object({ password: z.string().max(PASSWORD_MAX) });

export const TwoStepStartedSchema = z.looseObject({
  totpURI: z.string().describe('otpauth:// URI for the authenticator app (a QR code)'),
  backupCodes: z.array(z.string()).describe('Ten recovery codes, each usable once'),
});
export const TotpUriSchema = z.looseObject({ totpURI: z.string() });
export const BackupCodesSchema = z.looseObject({ status: z.boolean(), backupCodes: z.array(z.string()) });

export const RequestResetBodySchema = z.object({
  email: EmailSchema,
  redirectTo: z.string().max(300).optional().describe('The web app’s page the mailed link opens with the token'),
});
export const RequestResetAnswerSchema = z.looseObject({ status: z.boolean(), message: z.string() });

export const ResetPasswordBodySchema = z.object({ newPassword: PasswordSchema, token: z.string() });

export const UpdateUserBodySchema = z.object({ name: DisplayNameSchema });
export const ChangeEmailBodySchema = z.object({ newEmail: EmailSchema });
export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string().max(PASSWORD_MAX),
  newPassword: PasswordSchema,
});
export const PasswordChangedSchema = z.looseObject({ token: z.string().nullable(), user: AuthUserSchema });
export const AccountDeletedSchema = z.looseObject({ success: z.boolean(), message: z.string().optional() });
