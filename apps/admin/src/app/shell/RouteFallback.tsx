import { SkeletonBodyText, SkeletonPage } from '@shopify/polaris';

/** Shown for the moment a page's lazily loaded code is on its way. */
export function RouteFallback() {
  return (
    <SkeletonPage>
      <SkeletonBodyText lines={6} />
    </SkeletonPage>
  );
}
