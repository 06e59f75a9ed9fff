import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCTION_FLAGS } from './production-flags';
import { report, reportFigure, reportLoad } from './report';
import { createBenchDatabase, dropBenchDatabase } from './storefront/postgres';

/**
 * Idle memory of each server role: the resident set a process holds once started and idle, for
 * the production build (apps/server/dist, plain node with the production V8 flags) and, for
 * comparison, the TypeScript source run through tsx with Node's defaults. Shopify mode, as deployed (the offline stand-ins allowed: an idle process calls
 * none). Targets: web on PostgreSQL at most 150 MB; the embedded default (role all on PGlite,
 * what `npm start` runs) at most 350 MB (issue 29). Each is read after IDLE_MS of idleness: the
 * start-up's garbage and the first jobs' polls have settled by then, as on a real idle server.
 * BENCH_IDLE_SECONDS shortens the wait for a smoke run (the figures then say so).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = 3410;
const IDLE_MS = (Number(process.env.BENCH_IDLE_SECONDS) || 60) * 1000;
const TARGET_MB = 150;
const EMBEDDED_TARGET_MB = 350;

interface Case {
  role: 'web' | 'worker' | 'all';
  database: 'postgres' | 'pglite';
  runtime: 'built' | 'tsx';
}

async function healthy(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not come up within a minute');
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
}

async function idleMemory(item: Case, databaseUrl: string | null): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'popstage-memory-'));
  const args =
    item.runtime === 'built'
      ? [...PRODUCTION_FLAGS, path.join(ROOT, 'apps/server/dist/main.js')]
      : ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: path.join(ROOT, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(PORT),
      ROLE: item.role,
      PLATFORM: 'shopify',
      SHOPIFY_API_KEY: 'bench-key',
      SHOPIFY_API_SECRET: 'bench-secret-of-some-length',
      APP_URL: 'https://popstage.example.com',
      ALLOW_SANDBOX_SERVICES: 'true',
      TOKEN_ENCRYPTION_KEY: 'aa'.repeat(32),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ...(item.database === 'postgres' && databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await healthy(PORT, Date.now() + 60_000);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    if (!child.pid) throw new Error('no pid');
    return residentMb(child.pid);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function memoryBench(): Promise<void> {
  console.log('building apps/server/dist (node apps/server/build.mjs)');
  execFileSync(process.execPath, [path.join(ROOT, 'apps/server/build.mjs')], { stdio: 'inherit' });
  const database = await createBenchDatabase();
  if (IDLE_MS !== 60_000) console.log(`idle wait ${IDLE_MS / 1000} s (the bench's is 60 s)`);
  try {
    const cases: Case[] = [
      { role: 'web', database: 'postgres', runtime: 'built' },
      { role: 'web', database: 'postgres', runtime: 'tsx' },
      { role: 'worker', database: 'postgres', runtime: 'built' },
      { role: 'all', database: 'postgres', runtime: 'built' },
      { role: 'web', database: 'pglite', runtime: 'built' },
      { role: 'all', database: 'pglite', runtime: 'built' },
    ];
    for (const item of cases) {
      if (item.database === 'postgres' && !database) continue;
      const mb = await idleMemory(item, database?.url ?? null);
      reportLoad(`idle ${item.role}, ${item.database}`);
      const name = `idle ${item.role}, ${item.database}, ${item.runtime}`;
      if (item.role === 'web' && item.database === 'postgres' && item.runtime === 'built') {
        report(name, mb, TARGET_MB, 'MB');
      } else if (item.role === 'all' && item.database === 'pglite' && item.runtime === 'built') {
        report(name, mb, EMBEDDED_TARGET_MB, 'MB');
      } else {
        reportFigure(
          name,
          mb,
          'MB',
          item.runtime === 'tsx' ? 'before: TypeScript through tsx' : '',
        );
      }
    }
  } finally {
    if (database) await dropBenchDatabase(database.name);
  }
}
