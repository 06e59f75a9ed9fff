import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateClip } from '@popstage/testkit/clip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { shops } from '../db/schema';
import { PROCESS_CLIP_JOB } from '../features/popclips/processing-job';
import { createQueue, type Queue } from '../jobs/queue';
import { createQueues } from '../jobs/workers';
import { createLocalObjectStore } from '../platform/storage/local-store';
import { createTestDatabase } from '../test/database';
import { findPopclipById, insertPopclip } from '../test/popclips';

/**
 * Finding: after kill -9 of the worker mid-processing the clip stayed 'processing' for up to an
 * hour (job expiry 3600 s, no heartbeat), ffmpeg ran on as an orphan and its work folder stayed.
 * Here real worker processes share a PostgreSQL database (PGlite is one process's only) and a
 * DATA_DIR: the first is killed while ffmpeg transcodes, the second must sweep the orphan and
 * its folder and process the clip within 90 s of the kill.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = 'reliability-kill-test-secret-0123456789abcdef';
const DEADLINE_MS = 90_000;

let database: Database;
let queue: Queue;
let dataDir: string;
const workers: ChildProcess[] = [];

function startWorker(port: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ROLE: 'worker',
      DATABASE_URL: (database as Database & { url: string }).url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SHOPIFY_API_SECRET: SECRET,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  workers.push(child);
  return child;
}

/** ffmpeg processes working in DATA_DIR/work (found by their arguments). */
function ffmpegInWork(): number[] {
  const work = path.join(dataDir, 'work');
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return cmdline.includes('ffmpeg') && cmdline.includes(work);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms: number,
) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('a worker killed mid-processing', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'popstage-kill-'));
    database = await createTestDatabase();
    queue = createQueue(database, { supervise: false });
    await queue.start();
    await createQueues(queue);
  });
  afterAll(async () => {
    for (const child of workers) child.kill('SIGKILL');
    for (const pid of ffmpegInWork()) process.kill(pid, 'SIGKILL');
    await queue.stop({ graceful: false, close: true });
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no orphan or folder, and a new worker processes the clip within 90 s', async () => {
    const at = new Date();
    const [shop] = await database.db
      .insert(shops)
      .values({
        shopifyDomain: 'kill-test.myshopify.com',
        shopName: 'Kill test',
        shopHandle: 'kill-test',
        ownerName: 'Owner',
        ownerEmail: 'owner@example.com',
        primaryDomainUrl: 'https://kill-test.myshopify.com',
        currency: 'USD',
        shopifyShopCreatedAt: at,
      })
      .returning();
    if (!shop) throw new Error('no shop');
    // Long enough to transcode for several seconds (MPEG-4 Part 2 is never remuxed).
    const source = await generateClip(path.join(dataDir, 'source.mp4'), {
      seconds: 15,
      width: 960,
      height: 540,
      video: 'mpeg4',
      audio: 'aac',
      container: 'mp4',
    });
    const media = createLocalObjectStore({
      root: path.join(dataDir, 'media'),
      secret: SECRET,
      baseUrl: 'http://127.0.0.1/media',
    });
    const originalKey = `shops/${shop.id}/clips/kill/original-video.mp4`;
    await media.putObject(originalKey, readFileSync(source), { contentType: 'video/mp4' });
    const clip = await insertPopclip(database.db, {
      shopId: shop.id,
      metaIdentifier: 'kill',
      title: 'Killed mid-processing',
      status: 'processing',
      originalKey,
      originalContentType: 'video/mp4',
      displayTargets: ['WEB_PDP'],
      createdAt: at,
      updatedAt: at,
    });

    const first = startWorker(3190);
    await queue.send(PROCESS_CLIP_JOB, { clipId: clip.id });
    const [orphan] = await waitFor(
      'ffmpeg to start',
      () => {
        const found = ffmpegInWork();
        return found.length > 0 ? found : undefined;
      },
      60_000,
    );
    first.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((resolve) => first.once('exit', resolve));
    // What the finding saw: the ffmpeg of the killed worker is still running.
    expect(orphan).toBeDefined();

    startWorker(3191);
    const processed = await waitFor(
      'the clip to be processed',
      async () => {
        const row = await findPopclipById(database.db, clip.id);
        return row?.status === 'processed' ? row : undefined;
      },
      DEADLINE_MS + 30_000,
    );
    const tookMs = Date.now() - killedAt;
    console.info(`[reliability] clip processed ${(tookMs / 1000).toFixed(1)} s after kill -9`);
    expect(processed.playableKey).not.toBeNull();
    expect(tookMs, `processed ${Math.round(tookMs / 1000)} s after the kill`).toBeLessThan(
      DEADLINE_MS,
    );
    // The second worker's start swept the orphan and the dead worker's folder.
    expect(orphan && ffmpegInWork().includes(orphan)).toBe(false);
    const left = readdirSync(path.join(dataDir, 'work'));
    expect(left.filter((name) => name.startsWith(`${first.pid}-`))).toEqual([]);
  }, 240_000);
});
