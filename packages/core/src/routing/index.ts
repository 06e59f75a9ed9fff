export { guardRoute, isOnboardingComplete } from './guards';
export type { NavigationItem, NavigationItemId } from './navigation';
export {
  backTargetFor,
  currentNavigationItem,
  mobileEntryPath,
  navigationItems,
} from './navigation';
export { helpArticlePath, isUnder, popclipEditPath, ROUTES } from './paths';
