import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sessionToken } from '@popstage/testkit/shop';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import type { JobDefinition } from './jobs/workers';
import { startServer } from './server';
import { SHOPIFY_MODE_ENV } from './test/app';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'popstage-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// With TEST_DATABASE_URL the suite still proves the embedded default: these use PGlite on disk.
const embedded = (env: Record<string, string>) =>
  loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: tempDir(), ...env });

// Each case starts the whole server (PGlite on disk, every migration): a cold start took 36-42 s
// on a loaded 2-core CI machine, past the project's 30 s per test.
describe('startServer', { timeout: 150_000 }, () => {
  it('finishes in-flight jobs, then stops listening and closes the database', async () => {
    const events: string[] = [];
    let release = () => {};
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowJob: JobDefinition = {
      name: 'test-slow-job',
      handler: async () => {
        events.push('job started');
        release();
        await new Promise((resolve) => setTimeout(resolve, 300));
        events.push('job finished');
      },
    };
    const server = await startServer(embedded({}), {
      jobs: [slowJob],
      logger: false,
      adminDist: null,
    });
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    await server.queue.send('test-slow-job', {});
    await started;
    await server.stop();
    events.push('stopped');

    expect(events).toEqual(['job started', 'job finished', 'stopped']);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    await expect(server.database.ping()).rejects.toThrow();
  });

  it('keeps data in DATA_DIR across restarts', async () => {
    const config = embedded({});
    const keys = { apiKey: config.SHOPIFY_API_KEY, apiSecret: config.SHOPIFY_API_SECRET };
    const shop = 'demo-store.myshopify.com';
    const first = await startServer(config, { logger: false, adminDist: null });
    await first.app.inject({
      method: 'POST',
      url: '/api/shopify/shop/live-page',
      headers: { authorization: `Bearer ${await sessionToken(keys, shop)}` },
    });
    await first.stop();

    const second = await startServer(config, { logger: false, adminDist: null });
    const res = await second.app.inject({
      method: 'GET',
      url: '/api/shopify/shop',
      headers: { authorization: `Bearer ${await sessionToken(keys, shop)}` },
    });
    expect(res.json().livePageCreated).toBe(true);
    await second.stop();
  });

  it('starts in Shopify mode without reaching Shopify, with no sandbox routes', async () => {
    const server = await startServer(
      embedded({
        ...SHOPIFY_MODE_ENV,
      }),
      { logger: false, adminDist: null },
    );
    expect(server.app.deps.platform.kind).toBe('shopify');
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/sandbox' })).statusCode).toBe(404);
    await server.stop();
  });

  it('serves only /healthz in the worker role', async () => {
    const server = await startServer(embedded({ ROLE: 'worker' }), {
      logger: false,
      adminDist: null,
    });
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).json().role).toBe(
      'worker',
    );
    expect((await server.app.inject({ method: 'GET', url: '/api/shopify/shop' })).statusCode).toBe(
      404,
    );
    await server.stop();
  });
});

// A process of its own: tsx compiles the server before it reads its configuration (30 s ran out
// beside the unit suite on 2 cores).
describe('main', { timeout: 150_000 }, () => {
  const cwd = join(import.meta.dirname, '..');

  function run(env: Record<string, string>) {
    return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: tempDir(), ...env },
    });
  }

  it('refuses to start on a bad value and names the variable', async () => {
    const child = run({ ROLE: 'scheduler' });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toContain('ROLE:');
  });

  it('exits cleanly on SIGTERM', async () => {
    const child = run({ LOG_LEVEL: 'info' });
    let stdout = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        if (stdout.includes('Server listening')) resolve();
      });
      child.on('exit', () => reject(new Error(`exited early: ${stdout}`)));
    });
    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(stdout).toContain('shutting down');
  }, 240_000); // a whole process starts: tsx, migrations and the local Shopify's seed, on a busy CI
});
