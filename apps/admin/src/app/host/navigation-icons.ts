import type { NavigationItemId } from '@popstage/core/routing';
import {
  ChartVerticalIcon,
  CreditCardIcon,
  HomeIcon,
  LiveIcon,
  MobileIcon,
  PlayCircleIcon,
  QuestionCircleIcon,
} from '@shopify/polaris-icons';

/** Icons of the sandbox navigation (Shopify's own menu shows labels only). */
export const NAVIGATION_ICONS: Record<NavigationItemId, typeof HomeIcon> = {
  home: HomeIcon,
  popclips: PlayCircleIcon,
  mobile: MobileIcon,
  live: LiveIcon,
  insights: ChartVerticalIcon,
  resources: QuestionCircleIcon,
  subscription: CreditCardIcon,
};
