import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { type SocialSourceType, sourceUrlError } from '@popstage/core/popclips';
import { type DownloadedVideo, SocialImportError, type SocialImporter } from './port';
import { cachedSample, type SampleClip } from './sample-clips';

/**
 * Offline importer: any valid reel URL maps (by a hash of the URL) to one of three small sample
 * clips, made with ffmpeg on first use under <DATA_DIR>/social-samples. A post code containing
 * "notfound" answers like a deleted or private post; "unavailable" like a network failure.
 */
const SANDBOX_SAMPLES: readonly SampleClip[] = [
  { seconds: 3, width: 360, height: 640, audio: true },
  { seconds: 4, width: 360, height: 640, fps: 24, audio: true },
  { seconds: 2, width: 480, height: 854, audio: false },
];
const SAMPLE_PREFIX = 'sandbox-sample:';

export function createSandboxSocialImporter(options: { samplesDir: string }): SocialImporter {
  async function samplePath(index: number): Promise<string> {
    const spec = SANDBOX_SAMPLES[index];
    if (!spec) throw new SocialImportError('not_found', `no sample ${index}`);
    return cachedSample(options.samplesDir, `sample-${index}`, spec);
  }

  return {
    kind: 'sandbox',

    async resolve(source: SocialSourceType, postUrl: string) {
      if (sourceUrlError(source, postUrl) !== null) {
        throw new SocialImportError('not_found', 'not a reel URL');
      }
      if (/notfound/i.test(postUrl)) throw new SocialImportError('not_found', 'sandbox: no post');
      if (/unavailable/i.test(postUrl)) {
        throw new SocialImportError('unavailable', 'sandbox: network down');
      }
      const digest = createHash('sha256').update(postUrl.trim()).digest();
      const index = (digest[0] ?? 0) % SANDBOX_SAMPLES.length;
      const network = source === 'tiktok' ? 'TikTok' : 'Instagram';
      return { videoUrl: `${SAMPLE_PREFIX}${index}`, title: `${network} sample ${index + 1}` };
    },

    async download(videoUrl, { store, key, maxBytes }): Promise<DownloadedVideo> {
      if (!videoUrl.startsWith(SAMPLE_PREFIX)) {
        throw new SocialImportError('not_found', 'not a sandbox sample');
      }
      const file = await samplePath(Number(videoUrl.slice(SAMPLE_PREFIX.length)));
      const { size } = await stat(file);
      if (size > maxBytes) throw new SocialImportError('too_large', `sample is ${size} bytes`);
      await store.putObject(key, createReadStream(file), {
        contentType: 'video/mp4',
        contentLength: size,
      });
      return { size, contentType: 'video/mp4' };
    },
  };
}

export function sandboxSamplesDir(dataDir: string): string {
  return path.join(dataDir, 'social-samples');
}
