import type { PlatformShop, StorePlatform } from '../port';

/** The offline sandbox store: a StorePlatform plus the controls the /sandbox page needs. */
export interface SandboxStore extends StorePlatform {
  readonly kind: 'sandbox';
  /** Generates both shops' data if the database has none yet (deterministic, no network). */
  seed(): Promise<void>;
  listShops(): Promise<PlatformShop[]>;
  /** Regenerates one shop's store data as on first start. */
  resetShop(shop: string): Promise<void>;
  setAppEmbed(shop: string, enabled: boolean): Promise<void>;
}

export { createSandboxStore } from './sandbox-platform';
