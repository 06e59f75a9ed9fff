import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TokenKeys } from './shop';

/** The server's workspace: started the way its `npm start` starts it. */
const SERVER_DIR = resolve(import.meta.dirname, '../../../apps/server');
/** The local Shopify's workspace: started the way `npm run start:shopify` starts it. */
const LOCAL_SHOPIFY_DIR = resolve(import.meta.dirname, '../../../apps/shopify-sandbox');
/**
 * A hung start fails after this. On CI's 2 cores a cold start (PGlite, every migration, the seed)
 * took 36 s beside the unit suite on a slow machine, and an e2e worker's start once went past 60 s.
 */
const HEALTHY_WITHIN_MS = 120_000;

export interface StartedApp {
  baseUrl: string;
  /** The server process's id (the media bench samples its memory). */
  pid: number;
  /** The app key and secret the server was started with: what signs a shop's session tokens. */
  keys: TokenKeys;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
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
 * unless `env` names DATA_DIR or DATABASE_URL) on a free port (or `port`), with app keys of its
 * own unless `env` sets them; answers once /healthz does. Anything in `env` overrides the defaults.
 * `nodeFlags` go to node before the script (a bench passes the production V8 flags).
 */
export async function startApp(
  env: Record<string, string> = {},
  options: { port?: number; nodeFlags?: string[] } = {},
): Promise<StartedApp> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const keys: TokenKeys = {
    apiKey: env.SHOPIFY_API_KEY ?? 'popstage-testkit-key',
    apiSecret: env.SHOPIFY_API_SECRET ?? randomBytes(24).toString('hex'),
  };
  return startProcess({
    name: 'server',
    cwd: SERVER_DIR,
    baseUrl,
    healthPath: '/healthz',
    keys,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SHOPIFY_API_KEY: keys.apiKey,
      SHOPIFY_API_SECRET: keys.apiSecret,
      ...env,
    },
    ownDataDir: !env.DATA_DIR,
    nodeFlags: options.nodeFlags ?? [],
  });
}

/**
 * Starts the local Shopify alone (apps/shopify-sandbox, as `npm run start:shopify`) on a free
 * port, for an app at `appUrl` with the given keys and staff credential; its own PGlite in a temp
 * dir. Answers once its control page does. The app then runs with
 * SHOPIFY_ADMIN_URL=`${baseUrl}/sandbox`.
 */
export async function startLocalShopify(options: {
  appUrl: string;
  keys: TokenKeys;
  operatorToken: string;
}): Promise<StartedApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  return startProcess({
    name: 'local Shopify',
    cwd: LOCAL_SHOPIFY_DIR,
    baseUrl,
    healthPath: '/sandbox/api/shops',
    keys: options.keys,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      APP_URL: options.appUrl,
      SHOPIFY_API_KEY: options.keys.apiKey,
      SHOPIFY_API_SECRET: options.keys.apiSecret,
      OPERATOR_API_TOKEN: options.operatorToken,
    },
    ownDataDir: true,
    nodeFlags: [],
  });
}

async function startProcess(spec: {
  name: string;
  cwd: string;
  baseUrl: string;
  healthPath: string;
  keys: TokenKeys;
  env: Record<string, string>;
  ownDataDir: boolean;
  nodeFlags: string[];
}): Promise<StartedApp> {
  const dataDir = spec.ownDataDir ? mkdtempSync(join(tmpdir(), 'popstage-app-')) : null;
  const child: ChildProcess = spawn(
    process.execPath,
    [...spec.nodeFlags, '--import', 'tsx', 'src/main.ts'],
    {
      cwd: spec.cwd,
      env: { ...process.env, ...(dataDir ? { DATA_DIR: dataDir } : {}), ...spec.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`${spec.name} exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${spec.baseUrl}${spec.healthPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${spec.name} did not become healthy in ${HEALTHY_WITHIN_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl: spec.baseUrl, pid: child.pid ?? Number.NaN, keys: spec.keys, stop };
}
