import {
  hasPopclipsCapability,
  POPCLIPS_CAPABILITY_LEVEL,
  type PopclipsCapability,
} from '@popstage/core/billing';
import { POPCLIP_TOASTS } from '@popstage/core/popclips';
import type { PopclipsSettings } from '@popstage/core/settings';
import { BlockStack, Button, Checkbox, InlineStack, Text } from '@shopify/polaris';
import { LocationIcon } from '@shopify/polaris-icons';
import { useState } from 'react';
import { useHost } from '../../app/host/HostContext';
import { useSaveBar } from '../../app/host/use-save-bar';
import { PageShell } from '../../app/shell/PageShell';
import { UnsavedChangesGuard } from '../../app/shell/UnsavedChangesGuard';
import { TitledCard } from '../../lib/ui/TitledCard';
import { useTrack } from '../analytics';
import { usePopclipsPlanLevel } from '../billing';
import { PlacementModal } from '../placement';
import { SETTING_KEYS, usePopclipsSettings, useSavePopclipsSettings } from './data';
import { LockedSetting } from './LockedSetting';

/** Labels of the four toggles (spec 02 §2 Settings, §3 Popclips settings). */
export const SETTING_LABELS: Record<keyof PopclipsSettings, { label: string; help: string }> = {
  hidePopClipsOnPDP: {
    label: 'Hide Popclips on product pages',
    help: 'Popclips will not play on the pages of their tagged products.',
  },
  showViewsOnPopClips: {
    label: 'Show views on Popclips',
    help: 'Shoppers see how many times a Popclip was watched.',
  },
  showLikesOnPopClips: {
    label: 'Show likes on Popclips',
    help: 'Shoppers see how many likes a Popclip has.',
  },
  enableShopFeaturesBuyBtn: {
    label: 'Show the Buy button on Popclips',
    help: 'Shoppers can buy a tagged product straight from the player.',
  },
};

/** Settings the storefront honours only from a plan up (spec 02 §6): locked below it. */
const GATED: Partial<Record<keyof PopclipsSettings, PopclipsCapability>> = {
  showViewsOnPopClips: 'viewCounts',
  showLikesOnPopClips: 'likes',
};

const same = (a: PopclipsSettings, b: PopclipsSettings) => SETTING_KEYS.every((k) => a[k] === b[k]);

/** /popclips/settings (spec 02 §2): four toggles; a change raises the host's save bar. */
export function PopclipsSettingsPage() {
  const host = useHost();
  const track = useTrack();
  const savePopclipsSettings = useSavePopclipsSettings();
  const stored = usePopclipsSettings();
  const level = usePopclipsPlanLevel();
  const lockedBy = (key: keyof PopclipsSettings) => {
    const capability = GATED[key];
    if (!capability || hasPopclipsCapability(level, capability)) return null;
    return POPCLIPS_CAPABILITY_LEVEL[capability];
  };
  const [draft, setDraft] = useState<PopclipsSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const [placementOpen, setPlacementOpen] = useState(false);
  const values = draft ?? stored.data ?? null;
  const dirty = draft !== null && stored.data !== undefined && !same(draft, stored.data);

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await savePopclipsSettings(draft);
      setDraft(null);
      track({ action: 'save', category: 'settings' });
      host.showToast(POPCLIP_TOASTS.settingsSaved);
    } catch (caught) {
      host.showToast(caught instanceof Error ? caught.message : POPCLIP_TOASTS.genericFailed, {
        error: true,
      });
    } finally {
      setSaving(false);
    }
  };

  useSaveBar(dirty, saving, { save: () => void save(), discard: () => setDraft(null) });

  const set = (key: keyof PopclipsSettings, checked: boolean) => {
    if (!values) return;
    setDraft({ ...values, [key]: checked });
  };

  return (
    <PageShell title="Popclips Settings" loading={stored.isPending}>
      <BlockStack gap="400">
        <TitledCard title="Storefront player">
          {values
            ? SETTING_KEYS.map((key) => {
                const plan = lockedBy(key);
                return plan ? (
                  <LockedSetting key={key} plan={plan} {...SETTING_LABELS[key]} />
                ) : (
                  <Checkbox
                    key={key}
                    label={SETTING_LABELS[key].label}
                    helpText={SETTING_LABELS[key].help}
                    checked={values[key]}
                    disabled={saving}
                    onChange={(checked) => set(key, checked)}
                  />
                );
              })
            : null}
        </TitledCard>
        <TitledCard title="Miniplayer">
          <Text as="p" tone="subdued">
            Choose where the miniplayer sits on your storefront, on phones and on desktops.
          </Text>
          <InlineStack>
            <Button icon={LocationIcon} onClick={() => setPlacementOpen(true)}>
              Miniplayer placement
            </Button>
          </InlineStack>
        </TitledCard>
      </BlockStack>
      <UnsavedChangesGuard dirty={dirty} />
      <PlacementModal
        open={placementOpen}
        player="miniplayer"
        onClose={() => setPlacementOpen(false)}
      />
    </PageShell>
  );
}
