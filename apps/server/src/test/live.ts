import { type LivePlatform, LivePlatformError } from '../platform/live/port';

/** A live platform for seller-account tests: shows are not part of what they exercise. */
export function sellerOnlyLivePlatform(createSeller: LivePlatform['createSeller']): LivePlatform {
  const none = async (): Promise<never> => {
    throw new LivePlatformError('shows are not offered by this test platform');
  };
  return {
    kind: 'http',
    createSeller,
    scheduleShow: none,
    listShows: none,
    getShow: none,
    deleteSeller: none,
    openReplay: none,
  };
}
