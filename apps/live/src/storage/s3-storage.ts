import { ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { LiveStorage } from '../media/port';
import { assertStorageKey, assertStoragePrefix } from './keys';

export interface S3StorageOptions {
  bucket: string;
  /** LIVE_MEDIA_BASE_URL: the CDN (or bucket) origin viewers fetch keys from. */
  baseUrl: string;
  /** A client, or the config to make one (region, endpoint, forcePathStyle, credentials). */
  client?: S3Client | S3ClientConfig;
}

/**
 * Live media in an S3-compatible bucket behind a CDN: the web processes only write; viewers
 * fetch `${baseUrl}/${key}`. Each put carries its Content-Type and Cache-Control, which the CDN
 * honours (short for live playlists, long for segments).
 */
export function createS3Storage(options: S3StorageOptions): LiveStorage {
  // The SDK (tens of MB resident) loads with the first broadcast's media, not at start.
  let loading: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | null =
    null;
  const s3 = () => {
    loading ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client:
        options.client instanceof sdk.S3Client
          ? options.client
          : new sdk.S3Client({
              // Checksums only where S3 requires them (DeleteObjects): the SDK's default streams
              // bodies as aws-chunked with trailers, which several S3-compatible stores refuse.
              requestChecksumCalculation: 'WHEN_REQUIRED',
              responseChecksumValidation: 'WHEN_REQUIRED',
              ...options.client,
            }),
    }));
    return loading;
  };
  const { bucket } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  return {
    async put(key, body, { contentType, cacheControl }) {
      assertStorageKey(key);
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          // S3 refuses a streamed body without a length: a file's is known, others are read.
          ...(await withLength(body)),
          ContentType: contentType,
          CacheControl: cacheControl,
        }),
      );
    },

    async open(key) {
      assertStorageKey(key);
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = answer.Body;
        if (!body) return null;
        return body instanceof Readable
          ? body
          : Readable.fromWeb(
              (body as { transformToWebStream(): ReadableStream }).transformToWebStream() as never,
            );
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw error;
      }
    },

    async deletePrefix(prefix) {
      assertStoragePrefix(prefix);
      const { sdk, client } = await s3();
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix,
            ContinuationToken: token,
          }),
        );
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        // A page holds at most 1,000 keys, DeleteObjects' limit.
        if (keys.length > 0) {
          const answer = await client.send(
            new sdk.DeleteObjectsCommand({
              Bucket: bucket,
              Delete: { Objects: keys, Quiet: true },
            }),
          );
          const failed = answer.Errors ?? [];
          if (failed.length > 0) {
            throw new Error(
              `S3 kept ${failed.length} objects under ${prefix}: ${failed[0]?.Code} ${failed[0]?.Message}`,
            );
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    url(key) {
      assertStorageKey(key);
      return `${baseUrl}/${key}`;
    },
  };
}

async function withLength(
  body: Buffer | Readable,
): Promise<{ Body: Buffer | Readable; ContentLength: number }> {
  if (Buffer.isBuffer(body)) return { Body: body, ContentLength: body.length };
  if (body instanceof ReadStream && typeof body.path === 'string') {
    return { Body: body, ContentLength: (await stat(body.path)).size };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  const whole = Buffer.concat(chunks);
  return { Body: whole, ContentLength: whole.length };
}
