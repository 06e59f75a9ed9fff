import { MIN_CAROUSEL_CLIPS } from '@popstage/core/popclips';
import { ROUTES } from '@popstage/core/routing';
import { Banner } from '@shopify/polaris';
import { useNavigate } from 'react-router-dom';
import type { UnpublishedCarousel } from './use-delete-clip';

interface Props {
  carousels: UnpublishedCarousel[];
  onDismiss: () => void;
}

/** After a delete: the carousels it unpublished (under 3 clips), and the way back to them. */
export function UnpublishedCarouselsBanner({ carousels, onDismiss }: Props) {
  const navigate = useNavigate();
  const [first] = carousels;
  const names = carousels.map((carousel) => `"${carousel.carousel_title}"`).join(', ');
  return (
    <Banner
      tone="warning"
      title={`Unpublished: ${names}`}
      onDismiss={onDismiss}
      action={
        first
          ? {
              content: 'Edit carousel',
              onAction: () =>
                navigate(
                  `${ROUTES.popclipsEditCarousel}?id=${encodeURIComponent(first.carousel_id)}`,
                ),
            }
          : undefined
      }
    >
      <p>
        {`A carousel needs at least ${MIN_CAROUSEL_CLIPS} Popclips. Add Popclips and publish it again to show it on your storefront.`}
      </p>
    </Banner>
  );
}
