import { defineConfig } from 'vite';
import widget from './vite.config';

/**
 * The app embed's loader, dist/popstage-loader.js (IIFE, under 10,000 bytes): copied by the
 * build into the theme app extension's assets/ (scripts/copy-loader.mjs), which Shopify serves
 * from its CDN. The player itself stays dist/popstage.js, fetched by the loader when needed.
 */
export default defineConfig({
  build: {
    ...widget.build,
    emptyOutDir: false,
    lib: {
      entry: 'src/loader.ts',
      formats: ['iife'],
      name: 'PopstageLoader',
      fileName: () => 'popstage-loader.js',
    },
  },
});
