import {
  type AppConfigBody,
  MENU_HANDLE_DEBOUNCE_MS,
  MENU_HANDLE_MAX,
  MOBILE_MESSAGES,
} from '@popstage/core/mobile';
import { BlockStack, List, Spinner, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useHost } from '../../app/host/HostContext';
import { useSaveBar } from '../../app/host/use-save-bar';
import { useShop } from '../../app/shop/ShopContext';
import { TitledCard } from '../../lib/ui/TitledCard';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAppConfig, useMenu } from './data';
import { MobileFrame } from './MobileFrame';
import { MENU_SECTIONS, type MenuHandleField } from './menu/menu-sections';
import { isAppSubmitted } from './submission';
import { useSaveAppConfig } from './use-save-app-config';

type Handles = Record<MenuHandleField, string>;

/** /mobile/custom-menu (spec 03 §2): three menus by handle, each checked against the store. */
export function MobileCustomMenuPage() {
  const host = useHost();
  const shop = useShop();
  const saveConfig = useSaveAppConfig();
  const config = useAppConfig();
  const [draft, setDraft] = useState<Handles | null>(null);
  const stored: Handles | null = config.data
    ? {
        menuHandle: config.data.menuHandle ?? '',
        shopMenuHandle: config.data.shopMenuHandle ?? '',
        customLinksHandle: config.data.customLinksHandle ?? '',
      }
    : null;
  const handles = draft ?? stored;
  const dirty =
    isAppSubmitted(shop) && draft !== null && JSON.stringify(draft) !== JSON.stringify(stored);

  const save = async () => {
    if (!handles) return;
    if (!config.data?.featuredShopifyCollectionGid) {
      host.showToast(MOBILE_MESSAGES.selectFeaturedCollection, { error: true });
      return;
    }
    const body: AppConfigBody = {
      menuHandle: handles.menuHandle.trim(),
      shopMenuHandle: handles.shopMenuHandle.trim(),
      customLinksHandle: handles.customLinksHandle.trim(),
    };
    await saveConfig.save(body, () => setDraft(null));
  };
  useSaveBar(dirty, saveConfig.saving, { save: () => void save(), discard: () => setDraft(null) });

  return (
    <MobileFrame tab="custom-menu" loading={config.isPending}>
      {handles
        ? MENU_SECTIONS.map(([field, title, help]) => (
            <MenuSection
              key={field}
              title={title}
              help={help}
              value={handles[field]}
              onChange={(value) => setDraft({ ...handles, [field]: value })}
            />
          ))
        : null}
    </MobileFrame>
  );
}

interface SectionProps {
  title: string;
  help: string;
  value: string;
  onChange(value: string): void;
}

/** One menu handle, looked up 1000 ms after typing stops, with the menu's items. */
function MenuSection({ title, help, value, onChange }: SectionProps) {
  const handle = useDebouncedValue(value.trim(), MENU_HANDLE_DEBOUNCE_MS);
  const valid = /^[a-z0-9-]*$/.test(handle);
  const menu = useMenu(valid ? handle : '');
  return (
    <TitledCard title={title}>
      <TextField
        label="Menu handle"
        helpText={help}
        value={value}
        onChange={onChange}
        maxLength={MENU_HANDLE_MAX}
        showCharacterCount
        autoComplete="off"
        placeholder="main-menu"
        error={valid ? undefined : 'A menu handle has lowercase letters, digits and dashes'}
      />
      {handle === '' || !valid ? null : menu.isFetching ? (
        <Spinner size="small" accessibilityLabel="Looking up the menu" />
      ) : menu.data ? (
        <BlockStack gap="100">
          <Text as="p" fontWeight="semibold">
            {menu.data.title}
          </Text>
          <List>
            {menu.data.items.map((item) => (
              <List.Item key={item.id}>
                {item.title}
                {item.items.length > 0 ? ` (${item.items.map((sub) => sub.title).join(', ')})` : ''}
              </List.Item>
            ))}
          </List>
        </BlockStack>
      ) : (
        <Text as="p" tone="critical">
          {MOBILE_MESSAGES.noResults}
        </Text>
      )}
    </TitledCard>
  );
}
