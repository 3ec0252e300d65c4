import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../common/schemas/errors.ts';
import { readErrorEnvelope } from './error-envelope.ts';

describe("the API's error envelope", () => {
  it('reads what ApiErrorSchema describes: code, message, details and the request id', () => {
    const answer = {
      error: {
        code: 'PHOTO_QUOTA_EXCEEDED',
        message: 'Over the quota',
        details: { used_bytes: 10, quota_bytes: 8 },
        request_id: 'abc123',
      },
    };
    expect(ApiErrorSchema.safeParse(answer).success).toBe(true);
    expect(readErrorEnvelope(413, answer, 'from-the-header')).toEqual({
      code: 'PHOTO_QUOTA_EXCEEDED',
      message: 'Over the quota',
      details: { used_bytes: 10, quota_bytes: 8 },
      requestId: 'abc123',
    });
  });

  it("names an answer that is no envelope by its status, with the header's request id", () => {
    expect(readErrorEnvelope(502, undefined, 'from-the-proxy')).toEqual({
      code: 'HTTP_502',
      message: '',
      requestId: 'from-the-proxy',
    });
    expect(readErrorEnvelope(500, { error: { code: 7 } }, null)).toEqual({ code: 'HTTP_500', message: '' });
  });
});
