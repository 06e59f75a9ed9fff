import { PageShell } from '../../app/shell/PageShell';

/** Page shell only; its content arrives with a later issue (docs/decisions.md). */
export function ManagePlansPage() {
  return <PageShell title="Subscription" />;
}
