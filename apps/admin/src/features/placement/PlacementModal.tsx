import { hasPopclipsCapability } from '@popstage/core/billing';
import type { PlayerPosition } from '@popstage/core/placement';
import { POPCLIP_LABELS, POPCLIP_TOASTS } from '@popstage/core/popclips';
import {
  BlockStack,
  Button,
  ButtonGroup,
  ChoiceList,
  InlineStack,
  Modal,
  Spinner,
  Text,
} from '@shopify/polaris';
import { DesktopIcon, MobileIcon } from '@shopify/polaris-icons';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHost } from '../../app/host/HostContext';
import { useShop } from '../../app/shop/ShopContext';
import { useTrack } from '../analytics';
import { usePopclipsPlanLevel } from '../billing';
import { openUpgrade } from '../shop';
import { DeviceMock } from './DeviceMock';
import {
  DEFAULT_POSITIONS,
  isDefaultPlacement,
  type PlacementDevice,
  type PlacementPlayer,
  type Positions,
  positionsOf,
  usePlacement,
  useSavePlacement,
} from './data';

export const CUSTOM_PLACEMENT_LOCKED = 'Custom Placement is available on the premium plan.';

const TITLES: Record<PlacementPlayer, string> = {
  featured: 'Featured Popclip placement',
  miniplayer: 'Miniplayer placement',
};
const SAVED: Record<PlacementPlayer, string> = {
  featured: POPCLIP_TOASTS.featuredPlacementSaved,
  miniplayer: POPCLIP_TOASTS.miniplayerPlacementSaved,
};
const DEVICES: PlacementDevice[] = ['mobile', 'desktop'];

type Mode = 'corner' | 'custom';

interface Props {
  open: boolean;
  player: PlacementPlayer;
  onClose: () => void;
  /**
   * Keeps the choice instead of saving it: a clip still being created saves its placement with
   * itself, so an abandoned create leaves the shop's placement as it was.
   */
  onChoose?: (positions: Positions) => void;
  /** The choice kept so far (with onChoose), shown when the modal opens again. */
  chosen?: Positions | null;
}

/** Spec 02 §2 Placement modal: corner (default) or custom, per device; saved per shop-info key. */
export function PlacementModal({ open, player, onClose, onChoose, chosen = null }: Props) {
  const savePlacement = useSavePlacement();
  const host = useHost();
  const track = useTrack();
  const shop = useShop();
  const navigate = useNavigate();
  const level = usePopclipsPlanLevel();
  const customAllowed = hasPopclipsCapability(level, 'customPlacement');
  const stored = usePlacement(shop.shopifyDomain, open);
  const [mode, setMode] = useState<Mode>('corner');
  const [positions, setPositions] = useState<Positions>(DEFAULT_POSITIONS);
  const [tab, setTab] = useState(0);
  const [saving, setSaving] = useState(false);
  const device = DEVICES[tab] ?? 'mobile';

  useEffect(() => {
    if (stored.isError) console.error('Could not load the player placement', stored.error);
  }, [stored.isError, stored.error]);

  // Each opening starts from what is stored (defaults when nothing is, or the load failed).
  const ready = !open || !stored.isPending;
  const initialised = useRef(false);
  useEffect(() => {
    if (!open) {
      initialised.current = false;
      return;
    }
    if (!ready || initialised.current) return;
    initialised.current = true;
    const current = chosen ?? (stored.data ? positionsOf(stored.data, player) : DEFAULT_POSITIONS);
    setPositions(current);
    setMode(isDefaultPlacement(current) ? 'corner' : 'custom');
    setTab(0);
  }, [open, ready, stored.data, player, chosen]);

  const chooseMode = (next: Mode) => {
    if (next === 'custom' && !customAllowed) return;
    setMode(next);
  };

  const move = (position: PlayerPosition) =>
    setPositions((current) => ({ ...current, [device]: position }));

  const save = async () => {
    if (onChoose) {
      onChoose(mode === 'corner' ? DEFAULT_POSITIONS : positions);
      onClose();
      return;
    }
    setSaving(true);
    try {
      await savePlacement(player, mode === 'corner' ? DEFAULT_POSITIONS : positions);
      track({ action: 'save', category: 'placement', properties: { player, mode } });
      host.showToast(SAVED[player]);
      onClose();
    } catch (caught) {
      host.showToast(caught instanceof Error ? caught.message : POPCLIP_TOASTS.genericFailed, {
        error: true,
      });
    } finally {
      setSaving(false);
    }
  };

  const shown = mode === 'corner' ? DEFAULT_POSITIONS[device] : positions[device];

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={TITLES[player]}
      primaryAction={{
        content: 'Save',
        loading: saving,
        disabled: !ready,
        onAction: () => void save(),
      }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        {!ready ? (
          <InlineStack align="center">
            <Spinner accessibilityLabel="Loading placement" />
          </InlineStack>
        ) : (
          <BlockStack gap="400">
            <ChoiceList
              title="Placement"
              choices={[
                { label: POPCLIP_LABELS.bottomLeftCorner, value: 'corner' },
                {
                  label: POPCLIP_LABELS.customPlacement,
                  value: 'custom',
                  disabled: !customAllowed,
                  helpText: customAllowed
                    ? 'Drag the player to where it should sit on each device.'
                    : CUSTOM_PLACEMENT_LOCKED,
                },
              ]}
              selected={[mode]}
              onChange={([next]) => chooseMode(next === 'custom' ? 'custom' : 'corner')}
            />
            {customAllowed ? null : (
              <InlineStack>
                <Button
                  variant="plain"
                  onClick={() => {
                    onClose();
                    openUpgrade(navigate);
                  }}
                >
                  Upgrade plan
                </Button>
              </InlineStack>
            )}
            <InlineStack align="center">
              <ButtonGroup variant="segmented">
                <Button pressed={tab === 0} icon={MobileIcon} onClick={() => setTab(0)}>
                  {POPCLIP_LABELS.mobileTab}
                </Button>
                <Button pressed={tab === 1} icon={DesktopIcon} onClick={() => setTab(1)}>
                  {POPCLIP_LABELS.desktopTab}
                </Button>
              </ButtonGroup>
            </InlineStack>
            <DeviceMock
              key={device}
              device={device}
              position={shown}
              movable={mode === 'custom'}
              label={`${TITLES[player]} on ${device}`}
              onChange={move}
            />
            <Text as="p" tone="subdued" alignment="center">
              {`${device === 'mobile' ? POPCLIP_LABELS.mobileTab : POPCLIP_LABELS.desktopTab}: ${shown.xAxis}% from the left, ${shown.yAxis}% from the top`}
            </Text>
          </BlockStack>
        )}
      </Modal.Section>
    </Modal>
  );
}
