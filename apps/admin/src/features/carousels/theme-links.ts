import { localShopifyUrl } from '../../app/host/detect-host';
import type { HostKind } from '../../app/host/types';

/**
 * Where the merchant turns the app embed on and places the carousel block: the Shopify theme
 * editor, or the sandbox page that stands in for it.
 */
export function themeEditorUrl(
  kind: HostKind,
  shopDomain: string,
  target: 'embed' | 'block',
  doc: Document = document,
) {
  if (kind === 'sandbox') return `${localShopifyUrl(doc)}?shop=${encodeURIComponent(shopDomain)}`;
  const editor = `https://${shopDomain}/admin/themes/current/editor`;
  return target === 'embed' ? `${editor}?context=apps` : `${editor}?template=index`;
}
