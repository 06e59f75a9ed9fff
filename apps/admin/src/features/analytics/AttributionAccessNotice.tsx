import { Banner, Text } from '@shopify/polaris';
import { useAttributionAccess } from './data';

/**
 * Sales attribution reads orders, which Shopify shows an app only once it has approved the app's
 * protected customer data access: until then Insights says why sales stay at zero.
 */
export function AttributionAccessNotice() {
  const access = useAttributionAccess();
  if (access.data !== false) return null;
  return (
    <Banner tone="warning" title="Sales attribution is off for now">
      <Text as="p">
        Shopify has not yet approved Popstage's access to protected customer data, so orders can't
        be credited to your Popclips. Views, likes, clicks and add-to-carts are still counted, and
        sales will appear here once access is approved.
      </Text>
    </Banner>
  );
}
