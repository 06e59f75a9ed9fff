import Hls from 'hls.js/dist/hls.light.mjs';

/**
 * Entry of dist/popstage-hls.js (/storefront/v1/hls.js): hls.js's light build (no subtitles, no
 * DRM), fetched by the live player only where the browser does not play HLS itself.
 */
(window as unknown as { PopstageHls?: typeof Hls }).PopstageHls = Hls;
