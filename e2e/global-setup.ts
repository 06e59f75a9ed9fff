import { startApp } from './server';

/**
 * One started app for the whole e2e run; its URL reaches the test workers through the
 * environment (they are forked after this runs). Journeys reset the shops they use via /sandbox.
 */
export default async function setup() {
  const app = await startApp();
  process.env.E2E_BASE_URL = app.baseUrl;
  return () => app.stop();
}
