import { BlockStack, Button, ButtonGroup, Card, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useAppConfig, useAppRequest, useCollectionPreview, useMenu } from '../hooks';
import { PhonePreview, type PreviewLook, type PreviewScreen } from './PhonePreview';

interface Props {
  /** Unsaved edits shown over the saved config. */
  look?: Partial<PreviewLook>;
  /** The featured collection being chosen; the saved one when absent. */
  collectionId?: string | null;
}

/** The admin's side panel: the branded app rendered from the saved config and the edits. */
export function AppPreviewPanel({ look = {}, collectionId }: Props) {
  const config = useAppConfig().data;
  const appName = useAppRequest().data?.desiredAppName ?? '';
  const [screen, setScreen] = useState<PreviewScreen>('home');
  const featured = useCollectionPreview(
    collectionId !== undefined ? collectionId : (config?.featuredShopifyCollectionGid ?? null),
  ).data;
  const menu = useMenu(config?.menuHandle ?? '').data;
  const merged: PreviewLook = {
    appName,
    primaryColor: config?.primaryColor ?? '#000000',
    secondaryColor: config?.secondaryColor ?? '#ffffff',
    bannerColor: config?.bannerColor ?? null,
    bannerTitle: config?.bannerTitle ?? null,
    bannerText: config?.bannerText ?? null,
    liveBannerColor: config?.liveBannerColor ?? null,
    liveBannerTitle: config?.liveBannerTitle ?? null,
    liveBannerText: config?.liveBannerText ?? null,
    headerLogoUrl: config?.headerLogoUrl ?? null,
    font: config?.customFont ?? null,
    ...Object.fromEntries(Object.entries(look).filter(([, value]) => value !== undefined)),
  };
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          App preview
        </Text>
        <ButtonGroup variant="segmented">
          {(['home', 'product', 'menu'] as const).map((name) => (
            <Button key={name} pressed={screen === name} onClick={() => setScreen(name)}>
              {name === 'home' ? 'Home' : name === 'product' ? 'Product' : 'Menu'}
            </Button>
          ))}
        </ButtonGroup>
        <PhonePreview
          look={merged}
          screen={screen}
          products={featured?.products ?? []}
          collectionTitle={featured?.title ?? null}
          menuItems={menu?.items ?? []}
        />
      </BlockStack>
    </Card>
  );
}
