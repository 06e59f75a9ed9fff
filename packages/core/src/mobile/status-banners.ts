/** The app request's review state as the status banners read it (spec 03 §4). */
export interface MobileStatusFacts {
  iosStatus: string | null;
  androidStatus: string | null;
  iosLink: string | null;
  androidLink: string | null;
  customerIssue: string | null;
  blockedDescription: string | null;
}

/** No branded-app request reviewed yet: every status, link and note null. */
export const NO_REVIEW: MobileStatusFacts = {
  iosStatus: null,
  androidStatus: null,
  iosLink: null,
  androidLink: null,
  customerIssue: null,
  blockedDescription: null,
};

export type BannerTone = 'info' | 'success' | 'critical';

export interface MobileStatusBanner {
  key: string;
  tone: BannerTone;
  title: string;
  body: string;
  link: string | null;
}

const PLATFORMS = [
  { key: 'ios', name: 'iOS', status: 'iosStatus', link: 'iosLink' },
  { key: 'android', name: 'Android', status: 'androidStatus', link: 'androidLink' },
] as const;

/** A platform's status, upper-cased; a store link forces LIVE. */
export function platformStatus(status: string | null, link: string | null): string | null {
  if (link) return 'LIVE';
  const normalised = status?.trim().toUpperCase();
  return normalised ? normalised : null;
}

function platformBanner(
  name: string,
  status: string | null,
  link: string | null,
): Omit<MobileStatusBanner, 'key'> | null {
  switch (platformStatus(status, link)) {
    case 'PENDING':
    case 'IN PROGRESS':
    case 'NEW':
      return {
        tone: 'info',
        title: `${name} App Approval Pending`,
        body: 'Your app is being built. It is ready 2-3 weeks after submission.',
        link: null,
      };
    case 'REVIEW':
      return {
        tone: 'info',
        title: `${name} App Under Review`,
        body: `Your app has been submitted to ${name === 'iOS' ? 'Apple' : 'Google'} and is awaiting their review.`,
        link: null,
      };
    case 'BLOCKED':
      return {
        tone: 'critical',
        title: `${name} Approval Blocked`,
        body: 'The store refused the app. Popstage support will contact you.',
        link: null,
      };
    case 'LIVE':
      return {
        tone: 'success',
        title: `${name} App Live`,
        body: link ? 'Your app is live in the store.' : 'Your app is live.',
        link,
      };
    default:
      return null;
  }
}

/** The banners at the top of every mobile screen: customer issue, blocked, iOS, Android. */
export function mobileStatusBanners(facts: MobileStatusFacts): MobileStatusBanner[] {
  const banners: MobileStatusBanner[] = [];
  if (facts.customerIssue?.trim()) {
    banners.push({
      key: 'customer',
      tone: 'critical',
      title: 'Customer Action Required',
      body: facts.customerIssue.trim(),
      link: null,
    });
  }
  if (facts.blockedDescription?.trim()) {
    banners.push({
      key: 'blocked',
      tone: 'critical',
      title: 'Approval Blocked',
      body: facts.blockedDescription.trim(),
      link: null,
    });
  }
  for (const platform of PLATFORMS) {
    const banner = platformBanner(platform.name, facts[platform.status], facts[platform.link]);
    if (banner) banners.push({ key: platform.key, ...banner });
  }
  return banners;
}
