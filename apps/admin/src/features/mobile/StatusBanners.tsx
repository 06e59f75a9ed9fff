import { mobileStatusBanners } from '@popstage/core/mobile';
import { Banner, BlockStack, Link, Text } from '@shopify/polaris';
import { useShop } from '../../app/shop/ShopContext';

/** The app request's state at the top of every mobile screen (spec 03 §4). */
export function StatusBanners() {
  const banners = mobileStatusBanners(useShop().mobileApp);
  if (banners.length === 0) return null;
  return (
    <BlockStack gap="200">
      {banners.map((banner) => (
        <Banner key={banner.key} tone={banner.tone} title={banner.title}>
          <Text as="p">{banner.body}</Text>
          {banner.link ? (
            <Link url={banner.link} target="_blank">
              {banner.link}
            </Link>
          ) : null}
        </Banner>
      ))}
    </BlockStack>
  );
}
