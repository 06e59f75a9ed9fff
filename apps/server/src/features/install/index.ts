/**
 * The install area's public face, for the composition root only: the tenant every authenticated
 * call resolves (installing the shop on first sight), the app load that reinstalls it and reads
 * every area's state, and app/uninstalled. It sits above the areas it reads.
 */
export { appLoadRoutes } from './routes';
export { tenantHook } from './tenant';
export { uninstallWebhookRoutes } from './webhook-routes';
