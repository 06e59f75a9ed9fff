import { Button } from '@shopify/polaris';
import { ChatIcon } from '@shopify/polaris-icons';
import { useShop } from '../../../app/shop/ShopContext';
import { useSupportWidget } from './use-support-widget';

/**
 * The page frame's Support button (spec 01 §2.5, §6) with the widget it opens. The shell decides
 * where it shows and whether (its support-button rule); it reaches it through the route table.
 */
export function SupportButton() {
  const shop = useShop();
  const support = useSupportWidget(shop);
  return (
    <>
      <Button icon={ChatIcon} onClick={support.open}>
        Support
      </Button>
      {support.element}
    </>
  );
}
