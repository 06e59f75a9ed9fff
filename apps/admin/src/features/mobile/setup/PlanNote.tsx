import { formatLimit, isUnlimited, MOBILE_CONTACT_SALES_TEXT } from '@popstage/core/billing';
import type { MobilePlanFacts } from '@popstage/core/mobile';
import { Link, Text } from '@shopify/polaris';

const PLAN_LABEL: Record<MobilePlanFacts['name'], string> = {
  basic: 'Basic',
  pro: 'Pro',
  premium: 'Premium',
};

/** The mobile plan's platforms and downloads (spec 03 §6), with sales for more. */
export function PlanNote({ plan, supportEmail }: { plan: MobilePlanFacts; supportEmail: string }) {
  const downloads =
    plan.downloadsMax === null ? null : `${formatLimit(plan.downloadsMax)} app downloads`;
  return (
    <Text as="p" tone="subdued">
      Mobile {PLAN_LABEL[plan.name]}: {plan.android ? 'iOS and Android' : 'iOS (Android from Pro)'}
      {downloads ? `, ${downloads}` : ''}.{' '}
      {plan.downloadsMax === null || !isUnlimited(plan.downloadsMax) ? (
        <Link url={`mailto:${supportEmail}?subject=More%20app%20downloads`}>
          {MOBILE_CONTACT_SALES_TEXT}
        </Link>
      ) : null}
    </Text>
  );
}
