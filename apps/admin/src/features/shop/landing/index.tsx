import { LandingPage } from '../LandingPage';

/** '/': the welcome dashboard (spec 01 §2.6). */
export function Component() {
  return <LandingPage />;
}
