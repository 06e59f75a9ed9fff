/** The promo banners area's public face: its routes and the staff operations on rules. */
export { bannerRoutes } from './routes';
export {
  createBannerRule,
  listBannerRules,
  readBannerRule,
  removeBannerRule,
  replaceBannerRule,
} from './service';
