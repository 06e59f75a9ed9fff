import { ResourcesPage } from '../ResourcesPage';

/** /resources: the help area's page (its content arrives with a later issue). */
export function Component() {
  return <ResourcesPage />;
}
