import type { AppProviderProps } from '@shopify/polaris';
import { type ComponentProps, forwardRef } from 'react';
import { Link } from 'react-router-dom';

type Props = ComponentProps<NonNullable<AppProviderProps['linkComponent']>>;

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/** Polaris links and buttons with an in-app `url` navigate inside the SPA, without a reload. */
export const PolarisRouterLink = forwardRef<HTMLAnchorElement, Props>(function PolarisRouterLink(
  { url, external, target, children, ...rest },
  ref,
) {
  if (external || ABSOLUTE_URL.test(url)) {
    // Same as Polaris's own link: `external` opens a tab, safely.
    const finalTarget = external ? '_blank' : target;
    return (
      <a
        {...rest}
        ref={ref}
        href={url}
        target={finalTarget}
        rel={finalTarget === '_blank' ? 'noopener noreferrer' : undefined}
      >
        {children}
      </a>
    );
  }
  return (
    <Link {...rest} ref={ref} to={url} target={target}>
      {children}
    </Link>
  );
});
