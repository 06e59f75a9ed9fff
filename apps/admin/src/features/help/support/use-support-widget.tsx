import type { Shop } from '@popstage/core/shop';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useHost } from '../../../app/host/HostContext';
import { useApi } from '../../../lib/api/ApiContext';
import { ApiError } from '../../../lib/api/errors';
import { fetchZendeskToken } from '../data';
import { SUPPORT_MESSAGES } from './support-messages';

const SupportRequestModal = lazy(async () => ({
  default: (await import('./SupportRequestModal')).SupportRequestModal,
}));

/** The store account's e-mail, else the owner's. */
export function supportEmailOf(shop: Pick<Shop, 'connections' | 'ownerEmail'>): string {
  const account = shop.connections.find((c) => c.type === 'commentsold')?.storeAccount;
  return account?.email ?? shop.ownerEmail;
}

/**
 * The page shell's Support button (spec 01 §2.5, §6). The widget token is asked for first, so the
 * server's three conditions decide; then Shopify gets Zendesk's messenger (loaded only then) and
 * the sandbox a request form.
 */
export function useSupportWidget(shop: Shop): { open(): void; element: ReactNode } {
  const api = useApi();
  const host = useHost();
  const [formOpen, setFormOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);

  const open = useCallback(() => {
    void (async () => {
      try {
        await fetchZendeskToken(api);
        const key = shop.config.helpWidgetKey;
        if (host.kind === 'shopify' && key) {
          const { openZendeskMessenger } = await import('./zendesk-messenger');
          await openZendeskMessenger(key, () => fetchZendeskToken(api));
        } else {
          setEverOpened(true);
          setFormOpen(true);
        }
      } catch (error) {
        // The server's refusals are worded for the merchant; anything else gets ours.
        const refused = error instanceof ApiError && error.status === 403;
        host.showToast(refused ? error.message : SUPPORT_MESSAGES.unavailable, { error: true });
      }
    })();
  }, [api, host, shop.config.helpWidgetKey]);

  const element = everOpened ? (
    <Suspense fallback={null}>
      <SupportRequestModal
        open={formOpen}
        email={supportEmailOf(shop)}
        onClose={() => setFormOpen(false)}
      />
    </Suspense>
  ) : null;
  return { open, element };
}
