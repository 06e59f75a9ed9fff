/** The mobile area's public face: what other areas may use. */
export { mobileAppFacts } from './app-request-store';
export { readMobileAppRequest, writeMobilePreset } from './presets';
