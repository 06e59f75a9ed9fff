import type { PlatformShop, StorePlatform } from '../port';
import type { SandboxBilling } from './billing';

/** The offline sandbox store: a StorePlatform plus the controls the /sandbox page needs. */
export interface SandboxStore extends StorePlatform, SandboxBilling {
  readonly kind: 'sandbox';
  /** Generates both shops' data if the database has none yet (deterministic, no network). */
  seed(): Promise<void>;
  listShops(): Promise<PlatformShop[]>;
  /** Regenerates one shop's store data as on first start (its app charges go too). */
  resetShop(shop: string): Promise<void>;
  setAppEmbed(shop: string, enabled: boolean): Promise<void>;
}

export type { DecisionResult, SandboxAppSubscription } from './billing';
export { createSandboxStore } from './sandbox-platform';
