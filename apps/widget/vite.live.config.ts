import { defineConfig } from 'vite';
import widget from './vite.config';

/**
 * The storefront's live player, dist/popstage-live.js (IIFE, /storefront/v1/live.js): fetched by
 * the loader only on pages with a live-show block. hls.js is not in it: dist/popstage-hls.js
 * (vite.hls.config.ts) is fetched by the live player only where the browser plays no HLS itself.
 */
export default defineConfig({
  build: {
    ...widget.build,
    emptyOutDir: false,
    lib: {
      entry: 'src/live/main.ts',
      formats: ['iife'],
      name: 'PopstageLivePlayer',
      fileName: () => 'popstage-live.js',
    },
  },
});
