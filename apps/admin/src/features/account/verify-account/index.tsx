import { VerifyAccountPage } from './VerifyAccountPage';

/**
 * /account/verify and /popclips/account/verify (spec 01 §2.10). No loader: the screen reads
 * nothing on open (the code sent from the create page is in sessionStorage); its calls are the
 * verification and account creation the merchant starts.
 */
export function Component() {
  return <VerifyAccountPage />;
}
