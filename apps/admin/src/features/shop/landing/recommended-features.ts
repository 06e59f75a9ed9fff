import type { PopclipsCapability } from '@popstage/core/billing';
import { ROUTES } from '@popstage/core/routing';
import type { FeatureId } from '@popstage/core/shop';

export interface RecommendedFeature {
  title: string;
  description: string;
  action: string;
  to: string;
  /** The plan feature the slide needs; without it the button leads to the Subscription page. */
  needs: FeatureId;
  /** The Popclips capability it also needs (custom carousels and import are Basic). */
  capability?: PopclipsCapability;
}

/** The slides of the landing's Recommended Feature card, in rotation order. */
export const RECOMMENDED_FEATURES: readonly RecommendedFeature[] = [
  {
    title: 'Custom Carousels',
    description:
      'Group your best Popclips into carousels and place them on any page of your store.',
    action: 'Create Carousel',
    to: ROUTES.popclipsCreateCarousel,
    needs: 'popclips',
    capability: 'customCarousels',
  },
  {
    title: 'Live Selling',
    description: 'Go live from your dashboard, sell while you stream and keep the replays.',
    action: 'Manage Live Sales',
    to: ROUTES.live,
    needs: 'live',
  },
  {
    title: 'Branded Mobile App',
    description: 'Give your shoppers your own iOS and Android app, with push notifications.',
    action: 'Set Up Mobile App',
    to: ROUTES.mobileSetup,
    needs: 'mobile',
  },
  {
    title: 'Instagram and TikTok Import',
    description: 'Turn the videos you already post into shoppable Popclips in a few clicks.',
    action: 'Import Videos',
    to: ROUTES.popclipsCreate,
    needs: 'popclips',
    capability: 'socialImport',
  },
];
