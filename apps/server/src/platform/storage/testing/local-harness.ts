import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { localMediaRoutes } from '../local-routes';
import { createLocalObjectStore, type LocalObjectStore } from '../local-store';

const PLACEHOLDER = 'http://media.test';

/** A local store behind localMediaRoutes on a real port, with a clock the test can move. */
export interface LocalHarness {
  store: LocalObjectStore;
  app: FastifyInstance;
  origin: string;
  reach(url: string): string;
  advanceClock(seconds: number): void;
  close(): Promise<void>;
}

export async function startLocalHarness(): Promise<LocalHarness> {
  const root = await mkdtemp(path.join(tmpdir(), 'popstage-media-'));
  let now = Date.now();
  const store = createLocalObjectStore({
    root,
    // The host is not part of the signature, so the test can point the URLs at its own port.
    baseUrl: `${PLACEHOLDER}/media`,
    secret: 'test-secret-test-secret-test-secret!',
    clock: { now: () => new Date(now) },
  });
  const app = Fastify();
  await app.register(localMediaRoutes, { prefix: '/media', store });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    store,
    app,
    origin,
    reach: (url) => url.replace(PLACEHOLDER, origin),
    advanceClock: (seconds) => {
      now += seconds * 1000;
    },
    close: async () => {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
