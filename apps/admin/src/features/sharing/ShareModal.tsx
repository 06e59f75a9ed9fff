import { COPY_RESET_MS, POPCLIP_TOASTS, type Popclip } from '@popstage/core/popclips';
import {
  SHARE_LIMIT_MESSAGE,
  type ShareGatingResponse,
  shareEmbedCode,
} from '@popstage/core/sharing';
import {
  Banner,
  BlockStack,
  Button,
  InlineStack,
  Modal,
  Spinner,
  Text,
  TextField,
} from '@shopify/polaris';
import { ClipboardIcon, CodeIcon, ExternalIcon, LinkIcon } from '@shopify/polaris-icons';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHost } from '../../app/host/HostContext';
import { ApiError } from '../../lib/api/errors';
import { copyText } from '../../lib/copy-text';
import { openUpgrade } from '../shop';
import { useGenerateShareLink, useShareGating } from './data';

interface Props {
  clip: Popclip | null;
  onClose: () => void;
}

/** The clip's state as the server reports it; the limit is the server's to count. */
export function shareStateOf(gating: ShareGatingResponse): ShareGatingResponse['state'] {
  if (gating.link) return 'generated';
  if (gating.state) return gating.state;
  return gating.max_share !== -1 && gating.total_share >= gating.max_share
    ? 'limit_reached'
    : 'can_generate';
}

/** Spec 02 §2 Share modal: one link per clip; already generated, can generate, limit reached. */
export function ShareModal({ clip, onClose }: Props) {
  const host = useHost();
  const navigate = useNavigate();
  const metaIdentifier = clip?.metaIdentifier ?? null;
  const gating = useShareGating(metaIdentifier);
  const generateLink = useGenerateShareLink();
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  useEffect(() => {
    if (metaIdentifier === null) {
      setLimitMessage(null);
      setCopied(false);
    }
  }, [metaIdentifier]);

  const state = limitMessage ? 'limit_reached' : gating.data ? shareStateOf(gating.data) : null;
  const link = gating.data?.link ?? null;
  const embed = link
    ? link.embedCode || shareEmbedCode(link.url, clip?.metaData.videoTitle ?? '')
    : '';

  const generate = async () => {
    if (!metaIdentifier) return;
    try {
      await generateLink.mutateAsync({ body: { metaIdentifier } });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 403) setLimitMessage(caught.message);
      else
        host.showToast(caught instanceof Error ? caught.message : POPCLIP_TOASTS.genericFailed, {
          error: true,
        });
    }
  };

  const copyLink = async () => {
    if (!link) return;
    if (await copyText(link.url)) setCopied(true);
    else host.showToast(POPCLIP_TOASTS.copyFailed, { error: true });
  };
  const copyEmbed = async () => {
    if (await copyText(embed)) host.showToast(POPCLIP_TOASTS.embedCodeCopied);
    else host.showToast(POPCLIP_TOASTS.copyFailed, { error: true });
  };

  return (
    <Modal
      open={clip !== null}
      onClose={onClose}
      title="Share Popclip"
      // At the free plan's monthly limit the way on is a paid plan (unlimited shares).
      primaryAction={
        state === 'limit_reached'
          ? {
              content: 'Upgrade',
              onAction: () => {
                onClose();
                openUpgrade(navigate, 'basic');
              },
            }
          : undefined
      }
      secondaryActions={[{ content: 'Close', onAction: onClose }]}
    >
      <Modal.Section>
        {gating.isPending ? (
          <InlineStack align="center">
            <Spinner accessibilityLabel="Loading share link" />
          </InlineStack>
        ) : gating.isError ? (
          <Banner tone="critical">{gating.error.message}</Banner>
        ) : state === 'generated' && link ? (
          <BlockStack gap="400">
            <Text as="p">
              {`Anyone with the link can watch "${clip?.metaData.videoTitle ?? ''}" and shop its products.`}
            </Text>
            <TextField
              label="Share link"
              value={link.url}
              readOnly
              autoComplete="off"
              selectTextOnFocus
              connectedRight={
                <Button icon={ClipboardIcon} onClick={() => void copyLink()}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              }
            />
            <TextField
              label="Embed code"
              value={embed}
              readOnly
              multiline={3}
              autoComplete="off"
              selectTextOnFocus
              helpText="Paste it into any web page to show the Popclip in a 400x700 frame."
            />
            <InlineStack gap="200">
              <Button icon={CodeIcon} onClick={() => void copyEmbed()}>
                Copy embed code
              </Button>
              <Button icon={ExternalIcon} url={link.url} target="_blank">
                Open link
              </Button>
            </InlineStack>
          </BlockStack>
        ) : state === 'limit_reached' ? (
          <Banner tone="warning">{limitMessage ?? SHARE_LIMIT_MESSAGE}</Banner>
        ) : (
          <BlockStack gap="400">
            <Text as="p">
              Create a public link to this Popclip. Each Popclip gets one link, kept for good.
            </Text>
            {gating.data && gating.data.max_share !== -1 ? (
              <Text as="p" tone="subdued">
                {`${gating.data.total_share} of ${gating.data.max_share} links created this month.`}
              </Text>
            ) : null}
            <InlineStack>
              <Button
                variant="primary"
                icon={LinkIcon}
                loading={generateLink.isPending}
                onClick={() => void generate()}
              >
                Generate link
              </Button>
            </InlineStack>
          </BlockStack>
        )}
      </Modal.Section>
    </Modal>
  );
}
