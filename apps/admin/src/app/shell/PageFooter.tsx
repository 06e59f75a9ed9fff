import { FooterHelp, Link } from '@shopify/polaris';

interface Props {
  supportEmail: string;
  helpCenterUrl: string;
}

/**
 * The app's own help center (HELP_CENTER_URL unset: `${APP_URL}/resources`) opens in the app, in
 * place; a help center elsewhere opens in a new tab.
 */
export function helpCenterTarget(
  url: string,
  appOrigin: string,
): { url: string; external: boolean } {
  const parsed = new URL(url, appOrigin);
  return parsed.origin === appOrigin
    ? { url: `${parsed.pathname}${parsed.search}${parsed.hash}`, external: false }
    : { url, external: true };
}

/** Spec 01 §2.5: every page ends with the support e-mail and the help center. */
export function PageFooter({ supportEmail, helpCenterUrl }: Props) {
  const help = helpCenterTarget(helpCenterUrl, window.location.origin);
  return (
    <FooterHelp>
      Need help? Contact us at <Link url={`mailto:${supportEmail}`}>{supportEmail}</Link> or visit
      our{' '}
      <Link url={help.url} target={help.external ? '_blank' : undefined}>
        Help Center
      </Link>
      .
    </FooterHelp>
  );
}
