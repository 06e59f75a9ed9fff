import type { ScreenLoader } from '../../../lib/screen';
import { prefetchOtpConfig } from '../data';
import { CreateAccountPage } from './CreateAccountPage';

/** /account/create and /popclips/account/create (spec 01 §2.10). */
export function Component() {
  return <CreateAccountPage />;
}

/** The bot check and code rules the submit needs before it sends a code. */
export const loader: ScreenLoader = ({ api, queryClient }) => {
  prefetchOtpConfig(api, queryClient);
};
