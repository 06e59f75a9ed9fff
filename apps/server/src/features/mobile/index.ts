/** The mobile area's public face: its routes, and what other areas may use. */

export { mobileAppFactsOf, requestHistory, setRequestByStaff } from './app-request-service';
export { publicAppIdOf, shopOfAppId } from './config-service';
export { mobilePlanOf, requireMobile } from './plan-gate';
export { readMobileAppRequest, writeMobilePreset } from './presets';
export { mobilePublicRoutes } from './public-routes';
export { mobileRoutes } from './routes';
