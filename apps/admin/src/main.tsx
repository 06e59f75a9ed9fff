import '@shopify/polaris/build/esm/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { createHost } from './app/host/create-host';
import { createQueryClient } from './app/query-client';
import { appRoutes } from './app/routes';
import { createApiClient } from './lib/api/client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

try {
  const host = createHost();
  const api = createApiClient((request) => host.getSessionToken(request));
  const queryClient = createQueryClient();
  const router = createBrowserRouter(appRoutes({ api, queryClient, shopDomain: host.shopDomain }));
  createRoot(container).render(
    <StrictMode>
      <App host={host} queryClient={queryClient} api={api} router={router} />
    </StrictMode>,
  );
} catch (error) {
  // Only App Bridge failing to load gets here; without it there is no token and no app.
  console.error(error);
  container.textContent = 'Popstage could not start. Please reload the page.';
}
