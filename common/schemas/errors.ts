import { z } from 'zod';

/** Every error the API answers with has this shape. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
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
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
