import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import type { StartedApp } from '@popstage/testkit/app';
import { type ShopApi, shopApi } from '@popstage/testkit/shop';

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

/** Calls the started server's /api as one sandbox shop, as the admin would. */
export class ShopClient {
  /** The route's JSON answer; a non-2xx answer throws. */
  readonly call: ShopApi;
  readonly baseUrl: string;

  constructor(
    app: StartedApp,
    readonly shop: string,
  ) {
    this.call = shopApi(app, shop);
    this.baseUrl = app.baseUrl;
  }

  /**
   * The minimum csUpload needs: the sandbox store's products published to the sales channel, and
   * one of them (from the catalogue picker) to tag.
   */
  async prepare(): Promise<CatalogueProduct> {
    // The app's first load connects its sales channel, which the publish needs.
    await this.call('GET', '/api/shopify/shop');
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
    options: { featured?: boolean } = {},
  ): Promise<{ clip: BenchClip; uploadUrl: string }> {
    const answer = await this.call<{ uploadFileUrl: string | null; clip: BenchClip }>(
      'POST',
      '/api/media/csUpload',
      {
        fileName: file.name,
        fileMeta: { type: file.type, size: file.size },
        metaData: {
          videoTitle: `bench ${file.name}`,
          ...(options.featured ? { featured: true } : {}),
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
