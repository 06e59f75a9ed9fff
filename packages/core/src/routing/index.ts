export { guardRoute, isOnboardingComplete } from './guards';
export type { NavigationItem, NavigationItemId } from './navigation';
export {
  backTargetFor,
  currentNavigationItem,
  mobileEntryPath,
  navigationItems,
} from './navigation';
export { isUnder, popclipEditPath, ROUTES } from './paths';
