import { PageShell } from '../../app/shell/PageShell';

/** Page shell only; its content arrives with a later issue (docs/decisions.md). */
export function MobileCustomerAccountLoginPage() {
  return <PageShell title="Mobile App Builder" subtitle="Setup Customer Account Login" />;
}
