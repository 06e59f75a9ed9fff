import { Banner, Page } from '@shopify/polaris';
import { SHOP_LOAD_ERROR_MESSAGE } from '../shop/load-shop';

/** Without the shop there is no guard decision and no page; the message stays after the toast. */
export function ShopLoadErrorPage() {
  return (
    <Page>
      <Banner tone="critical">{SHOP_LOAD_ERROR_MESSAGE}</Banner>
    </Page>
  );
}
