/** The promo banners area's public face: the page shell's banners (through a shell slot). */
export { usePromoBanners } from './use-promo-banners';
