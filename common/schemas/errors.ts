import { z } from 'zod';

/** One problem of a request that did not pass its schema: where (a JSON pointer into the part named by the message) and what. */
export const ValidationIssueSchema = z.object({
  path: z
    .string()
    .describe('Where, as a JSON pointer into the body or the query: "/latitude", "/circle_ids/0"; "" for the whole'),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

/**
 * Every error the API answers with has this shape (ADR 0075), naming the request it answers (ADR 0080). `details` is
 * there for three codes only: VALIDATION_ERROR may list every problem (`issues`), STALE carries the spot as it is now
 * (`current`, a Spot), and PHOTO_QUOTA_EXCEEDED what the account's photos use and may use (`used_bytes`,
 * `quota_bytes`, ADR 0081).
 */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z
      .string()
      .describe('What went wrong, for a program to branch on: VALIDATION_ERROR, UNAUTHENTICATED, NOT_FOUND, …'),
    message: z.string().describe('What went wrong, in words for a person'),
    details: z
      .object({
        issues: z.array(ValidationIssueSchema).optional().describe('VALIDATION_ERROR: every problem found'),
        current: z.unknown().optional().describe('STALE: the spot as it is now (a Spot)'),
        used_bytes: z
          .number()
          .int()
          .nonnegative()
          .optional()
          .describe('PHOTO_QUOTA_EXCEEDED: the bytes the account’s photos use now'),
        quota_bytes: z
          .number()
          .int()
          .nonnegative()
          .optional()
          .describe('PHOTO_QUOTA_EXCEEDED: the bytes they may use (the account’s quota)'),
      })
      .optional(),
    request_id: z
      .string()
      .describe(
        "The request's id, the same as its X-Request-Id header and in every line the server logged about it: quote it to whoever runs the server",
      ),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Codes the client branches on. Others may appear; the message is always readable. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'MISSING_INFORMATION',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PHOTO_TOO_LARGE',
  'UNSUPPORTED_PHOTO',
  'BODY_TOO_LARGE',
  'UNAUTHENTICATED',
  'CROSS_SITE_REQUEST',
  'NOT_FOUND',
  'ID_CONFLICT',
  'UNKNOWN_CIRCLE',
  'STALE',
  'TOO_MANY_PHOTOS',
  'PHOTOS_CHANGED',
  'RATE_LIMITED',
  'FORBIDDEN',
  'CIRCLE_LIMIT',
  'CIRCLE_FULL',
  'NOT_A_MEMBER',
  'OWNER_ROLE',
  'OWNER_MUST_HAND_OVER',
  'INVITE_LIMIT',
  'INVITE_EXPIRED',
  'INVITE_USED_UP',
  'INVITE_REVOKED',
  'INVITE_FOR_ANOTHER_ADDRESS',
  'RANGE_NOT_SATISFIABLE',
  'PRECONDITION_FAILED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  // A club's own server (ADR 0077)
  'ACCOUNT_DISABLED',
  'ACCOUNT_PENDING',
  'LAST_ADMIN',
  'SIGNUP_CLOSED',
  'INVITE_REQUIRED',
  'EMAIL_TAKEN',
  'OWN_ACCOUNT',
  'ALREADY_CONFIRMED',
  'TWO_STEP_ALREADY_OFF',
  'OWN_CONTENT',
  // Storage within bounds (ADR 0081)
  'PHOTO_QUOTA_EXCEEDED',
  'INSUFFICIENT_STORAGE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
