import { defineConfig } from 'vite';

/**
 * One self-contained file, dist/popstage.js (IIFE): the theme app embed and the sandbox storefront
 * load it with a plain <script defer>. @popstage/core is imported for its rules (positions, display
 * targets, money); its modules are treated as side-effect free so that only what the widget uses
 * (and none of its zod schemas) ends up in the bundle.
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    minify: true,
    sourcemap: false,
    lib: {
      entry: 'src/main.ts',
      formats: ['iife'],
      name: 'Popstage',
      fileName: () => 'popstage.js',
    },
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]core[\\/]/.test(id),
      },
    },
  },
});
