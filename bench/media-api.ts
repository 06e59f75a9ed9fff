import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';

/** The parts of the Popclips API answers (docs/api.md, issue 5) the media bench reads. */
export interface BenchClip {
  id: string;
  metaIdentifier: string;
  status: 'uploading' | 'processing' | 'processed' | 'failed';
  cdnUrl: string | null;
  failureReason: string | null;
  metaData: { processedURL: string | null };
}

interface CatalogueProduct {
  id: string;
  handle: string;
  imgSrc: string | null;
}

/** Session tokens are short-lived: a fresh one is fetched after this long. */
const TOKEN_REUSE_MS = 30_000;

/** Calls the server's /api as one sandbox shop, as the admin would. */
export class ShopClient {
  private token: { value: string; at: number } | null = null;

  constructor(
    readonly baseUrl: string,
    readonly shop: string,
  ) {}

  private async sessionToken(): Promise<string> {
    if (this.token && performance.now() - this.token.at < TOKEN_REUSE_MS) return this.token.value;
    const answer = await fetch(`${this.baseUrl}/sandbox/session-token?shop=${this.shop}`);
    if (!answer.ok) throw new Error(`session token: ${answer.status} ${await answer.text()}`);
    const { token } = (await answer.json()) as { token: string };
    this.token = { value: token, at: performance.now() };
    return token;
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await this.sessionToken()}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  }

  /**
   * The minimum csUpload needs: the sandbox store's products published to the sales channel, and
   * one of them (from the catalogue picker) to tag.
   */
  async prepare(): Promise<CatalogueProduct> {
    const publish = await fetch(`${this.baseUrl}/sandbox/api/shops/${this.shop}/publish-products`, {
      method: 'POST',
    });
    if (!publish.ok) throw new Error(`publish products: ${publish.status} ${await publish.text()}`);
    const { data } = await this.call<{ data: CatalogueProduct[] }>(
      'GET',
      '/api/catalogue/products',
    );
    const product = data[0];
    if (!product) throw new Error('the sandbox store has no published product to tag');
    return product;
  }

  /** csUpload for a device video of `size` bytes: the clip (uploading) and its signed PUT URL. */
  async createUpload(
    product: CatalogueProduct,
    file: { name: string; type: 'video/mp4' | 'video/quicktime'; size: number },
  ): Promise<{ clip: BenchClip; uploadUrl: string }> {
    const answer = await this.call<{ uploadFileUrl: string | null; clip: BenchClip }>(
      'POST',
      '/api/media/csUpload',
      {
        fileName: file.name,
        fileMeta: { type: file.type, size: file.size },
        metaData: {
          videoTitle: `bench ${file.name}`,
          products: [
            {
              shopifyProductId: product.id,
              shopifyProductHandle: product.handle,
              shopifyProductUrl: `https://${this.shop}/products/${product.handle}`,
              defaultImage: product.imgSrc,
            },
          ],
        },
      },
    );
    if (!answer.uploadFileUrl) throw new Error('csUpload answered no uploadFileUrl');
    return { clip: answer.clip, uploadUrl: new URL(answer.uploadFileUrl, this.baseUrl).href };
  }

  async completeUpload(metaIdentifier: string): Promise<BenchClip> {
    const answer = await this.call<{ clip: BenchClip }>('POST', '/api/media/csUploadComplete', {
      metaIdentifier,
    });
    return answer.clip;
  }

  async readClip(metaIdentifier: string): Promise<BenchClip> {
    const { data } = await this.call<{ data: BenchClip[] }>(
      'POST',
      '/api/media/listMediabyTypeAndMetaId',
      { fileCategory: 'shopifyClips', metaIds: [metaIdentifier], sellerId: this.shop },
    );
    const clip = data[0];
    if (!clip) throw new Error(`clip ${metaIdentifier} not listed`);
    return clip;
  }
}

/**
 * PUTs `file` to a signed upload URL, streamed from disk (never held in memory whole); answers
 * the wall-clock ms from the request's start to the end of the 200 answer.
 */
export async function putFile(url: string, file: string, contentType: string): Promise<number> {
  const { size } = await stat(file);
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const put = request(
      target,
      {
        method: 'PUT',
        headers: { 'Content-Type': contentType, 'Content-Length': String(size) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode === 200) resolve();
          else {
            const text = Buffer.concat(chunks).toString('utf8').slice(0, 300);
            reject(new Error(`PUT ${target.pathname}: ${response.statusCode} ${text}`));
          }
        });
      },
    );
    put.on('error', reject);
    const body = createReadStream(file);
    body.on('error', (error) => put.destroy(error));
    body.pipe(put);
  });
  return performance.now() - started;
}
