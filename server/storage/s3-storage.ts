import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertPhotoKey, NEW_PHOTO_KEY_PATTERN, type PhotoStorage, type StorageConfig } from './storage.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** Photos in an S3 bucket (AWS or any S3-compatible server: MinIO, Garage, R2…), one object per key. */
export async function createS3Storage(config: S3Config): Promise<PhotoStorage> {
  const { bucket } = config;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Newer SDKs add CRC checksums to every request by default, which several S3-compatible servers reject.
    // Only send them where the S3 API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Without timeouts an unreachable endpoint hangs the start, or an upload, forever.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });

  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    client.destroy();
    const where = config.endpoint ?? `AWS S3 in ${config.region}`;
    throw new Error(`Cannot use S3 bucket "${bucket}" at ${where}: ${describeFailure(error)}`, { cause: error });
  }

  return {
    kind: 's3',

    async put(key, body, contentType) {
      assertPhotoKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },

    async get(key) {
      assertPhotoKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) throw new Error(`S3 returned no body for "${key}"`);
        return {
          body: Buffer.from(await object.Body.transformToByteArray()),
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },

    async size(key) {
      assertPhotoKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertPhotoKey(key);
      // S3 answers 204 for a missing key too, so deleting twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async *list() {
      // Foray's keys sit at the top of the bucket; a page holds up to 1,000.
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Delimiter: '/', ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && NEW_PHOTO_KEY_PATTERN.test(object.Key) && object.LastModified) {
            yield { key: object.Key, modifiedAt: object.LastModified };
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

type SdkError = { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };

/** A missing object, but not a missing bucket: that is a misconfiguration and must not read as "no photo". */
function isMissingObject(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as SdkError;
  return name === 'NoSuchKey' || ($metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket');
}

/** HeadBucket answers have no body, so the status is often all there is to explain a failure. */
function describeFailure(error: unknown): string {
  const { name, message, code, $metadata } = (error ?? {}) as SdkError;
  switch ($metadata?.httpStatusCode) {
    case 301:
      return 'the bucket is in another region (check S3_REGION)';
    case 400:
      return `the server refused the request (check S3_REGION and S3_FORCE_PATH_STYLE): ${name ?? 'Bad Request'}`;
    case 403:
      return 'access denied (check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket policy)';
    case 404:
      return 'no such bucket (create it first, or check S3_BUCKET and S3_FORCE_PATH_STYLE)';
  }
  return message || code || name || String(error);
}
