import { carouselEmbedHtml } from '@popstage/core/carousels';
import { Button, InlineStack } from '@shopify/polaris';
import { ClipboardIcon, ExternalIcon } from '@shopify/polaris-icons';
import { useHost } from '../../app/host/HostContext';
import { useShop } from '../../app/shop/ShopContext';
import { copyText } from '../../lib/copy-text';
import styles from './carousels.module.css';
import { themeEditorUrl } from './theme-links';

export const CAROUSEL_EMBED_COPIED = 'Carousel embed code copied to your clipboard';
export const CAROUSEL_EMBED_COPY_FAILED = 'Failed to copy embed code';

/** Copies a text with a toast saying so, or that it failed (the carousel modals' copy buttons). */
export function useCopyWithToast() {
  const host = useHost();
  return async (text: string, done: string) => {
    if (await copyText(text)) host.showToast(done);
    else host.showToast(CAROUSEL_EMBED_COPY_FAILED, { error: true });
  };
}

/** Opens the theme editor in a new tab, the app embed or the carousel block ready. */
export function ThemeEditorButton({
  target,
  children,
}: {
  target: 'embed' | 'block';
  children: string;
}) {
  const host = useHost();
  const shop = useShop();
  return (
    <Button
      icon={ExternalIcon}
      url={themeEditorUrl(host.kind, shop.shopifyDomain, target)}
      target="_blank"
    >
      {children}
    </Button>
  );
}

/** The theme editor with the Popstage carousel block ready to add to the home page. */
export function AddCarouselBlockButton() {
  return <ThemeEditorButton target="block">Add carousel block</ThemeEditorButton>;
}

interface Props {
  carouselId: string;
  /** The carousel block's button beside the copy one (where the modal shows it nowhere else). */
  withBlockButton?: boolean;
}

/**
 * A carousel's embed code for a theme file, with its copy button: the same in the Embed modal
 * and in the publish steps.
 */
export function CarouselEmbedCode({ carouselId, withBlockButton = false }: Props) {
  const copy = useCopyWithToast();
  const embedCode = carouselEmbedHtml(carouselId);
  return (
    <>
      <code className={styles.embedCode}>{embedCode}</code>
      <InlineStack gap="200">
        {withBlockButton ? <AddCarouselBlockButton /> : null}
        <Button icon={ClipboardIcon} onClick={() => void copy(embedCode, CAROUSEL_EMBED_COPIED)}>
          Copy embed code
        </Button>
      </InlineStack>
    </>
  );
}
