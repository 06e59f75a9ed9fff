import { defineConfig } from 'vite';
import widget from './vite.config';

/** hls.js's light build as dist/popstage-hls.js (IIFE, /storefront/v1/hls.js): see vite.live.config.ts. */
export default defineConfig({
  build: {
    ...widget.build,
    emptyOutDir: false,
    lib: {
      entry: 'src/live/hls-entry.ts',
      formats: ['iife'],
      name: 'PopstageHlsEngine',
      fileName: () => 'popstage-hls.js',
    },
  },
});
