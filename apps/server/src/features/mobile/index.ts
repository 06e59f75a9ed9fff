/** The mobile area's public face: what other areas may use. */

export { requestHistory, setRequestByStaff } from './app-request-service';
export { mobileAppFacts } from './app-request-store';
export { mobilePublicAppId, shopOfPublicAppId } from './config-store';
export { mobilePlanOf, requireMobile } from './plan-gate';
export { readMobileAppRequest, writeMobilePreset } from './presets';
export { mobilePublicRoutes } from './public-routes';
export { mobileRoutes } from './routes';
