import type { ReactNode } from 'react';
import type { Host } from '../types';
import { SandboxHostFrame } from './SandboxHostFrame';
import { createSandboxTokenSource } from './sandbox-session-token';
import { resolveSandboxShop } from './sandbox-shop';

interface Options {
  win: Window;
  fetchImpl?: typeof fetch;
  /** Tests pin the shop instead of reading the URL. */
  shopDomain?: string;
}

export function createSandboxHost({ win, fetchImpl, shopDomain }: Options): Host {
  const shop = shopDomain ?? resolveSandboxShop(win.location.search, readStorage(win));
  return {
    kind: 'sandbox',
    shopDomain: shop,
    getSessionToken: createSandboxTokenSource(shop, fetchImpl ? { fetchImpl } : {}),
    renderFrame: (children: ReactNode) => (
      <SandboxHostFrame shopDomain={shop} win={win}>
        {children}
      </SandboxHostFrame>
    ),
  };
}

function readStorage(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}
