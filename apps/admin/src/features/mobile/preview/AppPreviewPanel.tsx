import { Button, ButtonGroup } from '@shopify/polaris';
import { useState } from 'react';
import { useShop } from '../../../app/shop/ShopContext';
import { TitledCard } from '../../../lib/ui/TitledCard';
import {
  useAppConfig,
  useAppRequest,
  useCollectionPreview,
  useMenu,
  useShopPopclips,
} from '../data';
import { MENU_SECTIONS } from '../menu/menu-sections';
import { PhonePreview, type PreviewLook, type PreviewScreen } from './PhonePreview';
import type { PreviewMenu } from './PreviewMenus';

interface Props {
  /** Unsaved edits shown over the saved config. */
  look?: Partial<PreviewLook>;
  /** The featured collection being chosen; the saved one when absent. */
  collectionId?: string | null;
}

const SCREENS: { screen: PreviewScreen; label: string }[] = [
  { screen: 'home', label: 'Home' },
  { screen: 'product', label: 'Product' },
  { screen: 'menu', label: 'Menu' },
  { screen: 'popclips', label: 'Popclips' },
];

/** The admin's side panel: the branded app rendered from the saved config and the edits. */
export function AppPreviewPanel({ look = {}, collectionId }: Props) {
  const shop = useShop();
  const config = useAppConfig().data;
  const appName = useAppRequest().data?.desiredAppName ?? '';
  const [screen, setScreen] = useState<PreviewScreen>('home');
  const featured = useCollectionPreview(
    collectionId !== undefined ? collectionId : (config?.featuredShopifyCollectionGid ?? null),
  ).data;
  // The three menus of the saved config, in MENU_SECTIONS' order.
  const stored = [
    useMenu(config?.menuHandle ?? '').data,
    useMenu(config?.shopMenuHandle ?? '').data,
    useMenu(config?.customLinksHandle ?? '').data,
  ];
  const menus: PreviewMenu[] = MENU_SECTIONS.flatMap(([, label], index) => {
    const menu = stored[index];
    return menu ? [{ label, menu }] : [];
  });
  // The feed is read when its screen opens; a failed read shows no clips (spec 03 §8).
  const popclips = useShopPopclips(shop.shopifyDomain, screen === 'popclips');
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
    <TitledCard title="App preview">
      <ButtonGroup variant="segmented">
        {SCREENS.map(({ screen: name, label }) => (
          <Button key={name} pressed={screen === name} onClick={() => setScreen(name)}>
            {label}
          </Button>
        ))}
      </ButtonGroup>
      <PhonePreview
        look={merged}
        screen={screen}
        products={featured?.products ?? []}
        collectionTitle={featured?.title ?? null}
        menus={menus}
        clips={popclips.isError ? [] : (popclips.data ?? null)}
      />
    </TitledCard>
  );
}
