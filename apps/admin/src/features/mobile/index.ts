/** The mobile area's public face: the app request's status banners, for the compose screen. */
export { StatusBanners } from './StatusBanners';
