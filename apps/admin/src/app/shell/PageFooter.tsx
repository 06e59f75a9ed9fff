import { FooterHelp, Link } from '@shopify/polaris';

interface Props {
  supportEmail: string;
  helpCenterUrl: string;
}

/** Spec 01 §2.5: every page ends with the support e-mail and the help center. */
export function PageFooter({ supportEmail, helpCenterUrl }: Props) {
  return (
    <FooterHelp>
      Need help? Contact us at <Link url={`mailto:${supportEmail}`}>{supportEmail}</Link> or visit
      our{' '}
      <Link url={helpCenterUrl} target="_blank">
        Help Center
      </Link>
      .
    </FooterHelp>
  );
}
