import { Banner } from '@shopify/polaris';
import { useNavigate } from 'react-router-dom';
import { openUpgrade } from './upgrade-link';

/** A critical banner with an 'Upgrade Plan' action to the Subscription page (view limits). */
export function UpgradeBanner({ text }: { text: string | null }) {
  const navigate = useNavigate();
  if (!text) return null;
  return (
    <Banner
      tone="critical"
      action={{ content: 'Upgrade Plan', onAction: () => openUpgrade(navigate) }}
    >
      {text}
    </Banner>
  );
}
