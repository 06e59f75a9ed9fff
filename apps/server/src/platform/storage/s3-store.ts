import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { failpoint } from '../../failpoints';
import { type Clock, systemClock } from '../clock';
import { assertValidKeyPrefix, assertValidObjectKey } from './keys';
import {
  checkSignedUrlOptions,
  type ObjectInfo,
  type ObjectStore,
  type ObjectStream,
  RangeNotSatisfiableError,
} from './port';

/** S3-compatible ObjectStore (AWS S3, R2, MinIO...): presigned PUT and GET URLs. */
export interface S3ObjectStoreOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services; unset means AWS. */
  endpoint?: string;
  /** Path-style URLs (endpoint/bucket/key), which most S3-compatible services need. */
  forcePathStyle?: boolean;
  /** Unset means the SDK's default chain (environment, instance role...). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  clock?: Clock;
}

export interface S3ObjectStore extends ObjectStore {
  readonly kind: 's3';
  readonly client: S3Client;
}

/** S3 deletes at most 1000 keys per DeleteObjects call. */
const DELETE_BATCH = 1000;

export function createS3ObjectStore(options: S3ObjectStoreOptions): S3ObjectStore {
  const { bucket } = options;
  const clock = options.clock ?? systemClock;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Checksums only where S3 demands them: otherwise the SDK signs a checksum of an empty body
    // into presigned PUT URLs (which then fail for any real file) and streams uploads as
    // aws-chunked, which several S3-compatible services refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  async function headObject(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await client.send(
        new HeadObjectCommand({ Bucket: bucket, Key: assertValidObjectKey(key) }),
      );
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? 'application/octet-stream',
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isStatus(error, 404)) return null;
      throw error;
    }
  }

  async function getObject(
    key: string,
    { range }: { range?: { start: number; end?: number } } = {},
  ): Promise<ObjectStream | null> {
    assertValidObjectKey(key);
    if (range && (range.start < 0 || (range.end !== undefined && range.end < range.start))) {
      const head = await headObject(key);
      if (!head) return null;
      throw new RangeNotSatisfiableError(head.size);
    }
    try {
      const object = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      const parsed = parseContentRange(object.ContentRange);
      return {
        key,
        size: parsed?.size ?? object.ContentLength ?? 0,
        contentType: object.ContentType ?? 'application/octet-stream',
        lastModified: object.LastModified ?? new Date(0),
        body: object.Body as Readable,
        range: range ? (parsed?.range ?? null) : null,
      };
    } catch (error) {
      if (isStatus(error, 404)) return null;
      if (isStatus(error, 416)) {
        const head = await headObject(key);
        throw new RangeNotSatisfiableError(head?.size ?? 0);
      }
      throw error;
    }
  }

  async function deleteObjects(keys: readonly string[]): Promise<void> {
    for (const key of keys) assertValidObjectKey(key);
    for (let at = 0; at < keys.length; at += DELETE_BATCH) {
      const batch = keys.slice(at, at + DELETE_BATCH);
      const result = await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = result.Errors?.[0];
      if (failed) throw new Error(`S3 could not delete ${failed.Key}: ${failed.Code}`);
    }
  }

  return {
    kind: 's3',
    client,
    headObject,
    getObject,

    async putObject(key, body, { contentType, contentLength }) {
      assertValidObjectKey(key);
      if (body instanceof Readable && contentLength === undefined) {
        // Unknown length: lib-storage sends one PUT for small bodies, a multipart upload above.
        await new Upload({
          client,
          params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
        }).done();
      } else {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            ContentLength: contentLength,
          }),
        );
      }
      failpoint('storage.after-put');
    },

    async deleteObject(key) {
      await client.send(
        new DeleteObjectCommand({ Bucket: bucket, Key: assertValidObjectKey(key) }),
      );
    },

    deleteObjects,

    async deletePrefix(prefix) {
      assertValidKeyPrefix(prefix);
      let deleted = 0;
      let token: string | undefined;
      // A listing page holds at most 1000 keys, exactly one DeleteObjects call.
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        await deleteObjects(keys);
        deleted += keys.length;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return deleted;
    },

    async createSignedUploadUrl(key, upload) {
      assertValidObjectKey(key);
      checkSignedUrlOptions(upload.expiresIn, upload);
      const signingDate = clock.now();
      // Content-Type, and Content-Length when declared, are signed headers: S3 refuses a PUT
      // whose headers differ. A presigned PUT cannot carry a size range (only POST policies can).
      // If-None-Match: * is signed too, so the URL is single-use: S3's conditional write refuses
      // a second PUT once the object exists (412), and a captured URL cannot replace an upload.
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          ContentType: upload.contentType,
          ContentLength: upload.contentLength,
          IfNoneMatch: '*',
        }),
        {
          expiresIn: upload.expiresIn,
          signingDate,
          signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']),
        },
      );
      return {
        url,
        method: 'PUT',
        headers: { 'content-type': upload.contentType, 'if-none-match': '*' },
        expiresAt: new Date(signingDate.getTime() + upload.expiresIn * 1000),
      };
    },

    async createSignedDownloadUrl(key, { expiresIn }) {
      assertValidObjectKey(key);
      checkSignedUrlOptions(expiresIn);
      const signingDate = clock.now();
      const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), {
        expiresIn,
        signingDate,
      });
      return {
        url,
        method: 'GET',
        headers: {},
        expiresAt: new Date(signingDate.getTime() + expiresIn * 1000),
      };
    },
  };
}

// Read from $metadata rather than by class: a second copy of the SDK would fail instanceof.
function isStatus(error: unknown, status: number): boolean {
  const metadata = (error as Partial<S3ServiceException> | null)?.$metadata;
  return metadata?.httpStatusCode === status;
}

/** 'bytes 0-4/11' → the range and the whole size. */
export function parseContentRange(
  header: string | undefined,
): { range: { start: number; end: number }; size: number } | null {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header) : null;
  if (!match) return null;
  return { range: { start: Number(match[1]), end: Number(match[2]) }, size: Number(match[3]) };
}
