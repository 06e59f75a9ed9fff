import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TokenKeys } from './shop';

/** The server's workspace: started the way its `npm start` starts it. */
const SERVER_DIR = resolve(import.meta.dirname, '../../../apps/server');
const HEALTHY_WITHIN_MS = 60_000;

export interface StartedApp {
  baseUrl: string;
  /** The server process's id (the media bench samples its memory). */
  pid: number;
  /** The app key and secret the server was started with: what signs a shop's session tokens. */
  keys: TokenKeys;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the real server as a child process (role all, sandbox, embedded PGlite in a temp dir
 * unless `env` names DATA_DIR or DATABASE_URL) on a free port, with app keys of its own unless
 * `env` sets them; answers once /healthz does. Anything in `env` overrides the defaults.
 */
export async function startApp(env: Record<string, string> = {}): Promise<StartedApp> {
  const port = await freePort();
  const ownDataDir = env.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'popstage-app-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const keys: TokenKeys = {
    apiKey: env.SHOPIFY_API_KEY ?? 'popstage-testkit-key',
    apiSecret: env.SHOPIFY_API_SECRET ?? randomBytes(24).toString('hex'),
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      SHOPIFY_API_KEY: keys.apiKey,
      SHOPIFY_API_SECRET: keys.apiSecret,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy in ${HEALTHY_WITHIN_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, pid: child.pid ?? Number.NaN, keys, stop };
}
