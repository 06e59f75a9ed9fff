import type { ScreenLoader } from '../../../lib/screen';
import { shopDetailsOptions } from '../data';
import { MobileCustomerAccountLoginPage } from '../MobileCustomerAccountLoginPage';

/** /mobile/setup-customer-account-login (spec 03 §2). */
export function Component() {
  return <MobileCustomerAccountLoginPage />;
}

/** The shop's details (primary domain, the stored client id). */
export const loader: ScreenLoader = ({ api, queryClient }) => {
  void queryClient.prefetchQuery(shopDetailsOptions(api));
};
